-- :ConfigSync —— 用用户自己的 git 远端同步 ~/.config/nvim，然后按 lazy-lock.json 还原插件版本。
-- 只在用户手动执行命令时联网（git 使用用户自己配置的 remote 和凭据）。
local M = {}

local cfg_dir = vim.fn.stdpath("config")

local function git(args, cb)
  vim.system(vim.list_extend({ "git", "-C", cfg_dir }, args), { text = true }, function(res)
    vim.schedule(function()
      cb(res)
    end)
  end)
end

local function sync()
  git({ "remote", "get-url", "origin" }, function(r)
    if r.code ~= 0 then
      vim.notify("~/.config/nvim 还没有 git remote；先执行 git init && git remote add origin <你的仓库>", vim.log.levels.WARN)
      return
    end
    local remote = vim.trim(r.stdout)
    git({ "status", "--porcelain" }, function(st)
      if vim.trim(st.stdout or "") ~= "" then
        vim.notify("本地配置有未提交的修改，请先提交后再同步", vim.log.levels.WARN)
        return
      end
      vim.notify("从 " .. remote .. " 拉取配置…")
      git({ "pull", "--ff-only" }, function(p)
        if p.code ~= 0 then
          vim.notify("git pull 失败：\n" .. (p.stderr or ""), vim.log.levels.ERROR)
          return
        end
        vim.notify("配置已更新，按 lazy-lock.json 还原插件版本")
        require("lazy").restore({ wait = false })
      end)
    end)
  end)
end

function M.setup()
  vim.api.nvim_create_user_command("ConfigSync", sync, { desc = "用 git 同步 nvim 配置" })
end

return M
