-- 敏感文件保护：打开密钥/凭据类文件时不写 swap、undo、backup，避免明文残留在磁盘上
local M = {}

local patterns = { "%.env$", "%.env%.", "credentials", "id_rsa", "id_ed25519", "%.npmrc$", "%.pypirc$", "kubeconfig", "%.pem$", "%.key$" }

local function is_sensitive(name)
  for _, pat in ipairs(patterns) do
    if name:find(pat) then
      return true
    end
  end
  return false
end

function M.setup()
  vim.api.nvim_create_autocmd({ "BufReadPre", "BufNewFile" }, {
    group = vim.api.nvim_create_augroup("secret_files", { clear = true }),
    callback = function(ev)
      local name = vim.api.nvim_buf_get_name(ev.buf)
      if not is_sensitive(name) then
        return
      end
      vim.bo[ev.buf].swapfile = false
      vim.bo[ev.buf].undofile = false
      vim.opt_local.backup = false
      vim.opt_local.writebackup = false
      vim.opt_local.shada = ""
      vim.b[ev.buf].secret_file = true
      vim.notify("敏感文件：已关闭 swap/undo/backup", vim.log.levels.INFO)
    end,
  })
end

return M
