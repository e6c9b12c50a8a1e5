-- 插件列表（lazy.nvim 规格）
return {
  { "folke/tokyonight.nvim", priority = 1000, config = function() vim.cmd.colorscheme("tokyonight") end },
  { "nvim-treesitter/nvim-treesitter", build = ":TSUpdate", opts = {
      ensure_installed = { "lua", "python", "typescript", "go", "json", "yaml", "markdown" },
      highlight = { enable = true },
    }, main = "nvim-treesitter.configs" },
  { "nvim-telescope/telescope.nvim", dependencies = { "nvim-lua/plenary.nvim" }, cmd = "Telescope" },
  { "nvim-neo-tree/neo-tree.nvim", branch = "v3.x",
    dependencies = { "nvim-lua/plenary.nvim", "MunifTanjim/nui.nvim" }, cmd = "Neotree" },
  { "williamboman/mason.nvim", opts = {} },
  { "williamboman/mason-lspconfig.nvim", dependencies = { "neovim/nvim-lspconfig" }, opts = {
      ensure_installed = { "lua_ls", "pyright", "ts_ls", "gopls" },
      handlers = { function(server) require("lspconfig")[server].setup({}) end },
    } },
  { "lewis6991/gitsigns.nvim", opts = {} },
}
