-- Neovim 入口
vim.g.mapleader = " "
vim.g.maplocalleader = " "

-- 引导安装 lazy.nvim
local lazypath = vim.fn.stdpath("data") .. "/lazy/lazy.nvim"
if not (vim.uv or vim.loop).fs_stat(lazypath) then
  local out = vim.fn.system({
    "git", "clone", "--filter=blob:none", "--branch=stable",
    "https://github.com/folke/lazy.nvim.git", lazypath,
  })
  if vim.v.shell_error ~= 0 then
    vim.api.nvim_echo({ { "lazy.nvim 克隆失败：\n" .. out, "ErrorMsg" } }, true, {})
    return
  end
end
vim.opt.rtp:prepend(lazypath)

require("core.options")
require("core.keymaps")
require("core.im")

require("lazy").setup("plugins", {
  change_detection = { notify = false },
  checker = { enabled = false },
})

-- 多机配置同步
require("core.sync").setup()
