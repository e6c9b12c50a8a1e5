-- 快捷键
local map = vim.keymap.set
map("n", "<leader>w", "<cmd>write<cr>", { desc = "保存" })
map("n", "<leader>q", "<cmd>quit<cr>", { desc = "退出" })
map("n", "<leader>e", "<cmd>Neotree toggle<cr>", { desc = "文件树" })
map("n", "<leader>ff", "<cmd>Telescope find_files<cr>", { desc = "查找文件" })
map("n", "<leader>fg", "<cmd>Telescope live_grep<cr>", { desc = "全文搜索" })
map("n", "<leader>fb", "<cmd>Telescope buffers<cr>", { desc = "缓冲区" })
map("n", "<Esc>", "<cmd>nohlsearch<cr>")
map({ "n", "v" }, "<leader>y", '"+y', { desc = "复制到系统剪贴板" })
