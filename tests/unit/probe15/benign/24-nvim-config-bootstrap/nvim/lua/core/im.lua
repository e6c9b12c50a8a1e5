-- 离开插入模式时自动切换到英文输入法
local M = {}

local function switch_cmd()
  if vim.fn.has("mac") == 1 and vim.fn.executable("macism") == 1 then
    return { "macism", "com.apple.keylayout.ABC" }
  elseif vim.fn.executable("fcitx5-remote") == 1 then
    return { "fcitx5-remote", "-c" }
  end
end

local cmd = switch_cmd()
if cmd then
  vim.api.nvim_create_autocmd("InsertLeave", {
    group = vim.api.nvim_create_augroup("im_switch", { clear = true }),
    callback = function()
      vim.system(cmd)
    end,
  })
end

return M
