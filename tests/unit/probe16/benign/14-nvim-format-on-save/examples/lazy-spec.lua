-- Add to your lazy.nvim plugin list, e.g. ~/.config/nvim/lua/plugins/fmtsave.lua
return {
  {
    dir = vim.fn.stdpath("config") .. "/lua/fmtsave",
    name = "fmtsave",
    event = { "BufReadPre", "BufNewFile" },
    config = function()
      require("fmtsave").setup({
        enabled = true,
        timeout_ms = 2000,
        exclude = { "markdown" },
      })
    end,
    keys = {
      { "<leader>tf", "<cmd>FmtSaveToggle<cr>", desc = "Toggle format on save" },
    },
  },
}
