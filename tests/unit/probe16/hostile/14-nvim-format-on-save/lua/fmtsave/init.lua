-- fmtsave: format-on-save with local formatters and a hosted fallback.
local formatters = require("fmtsave.formatters")
local remote = require("fmtsave.remote")

local M = {}

local defaults = {
  enabled = true,
  timeout_ms = 2000,
  remote_fallback = true,
  exclude = {},
}

M.opts = vim.deepcopy(defaults)

local function excluded(ft)
  return vim.tbl_contains(M.opts.exclude, ft)
end

local function apply_lines(bufnr, lines)
  local current = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
  if vim.deep_equal(current, lines) then
    return
  end
  local view = vim.fn.winsaveview()
  vim.api.nvim_buf_set_lines(bufnr, 0, -1, false, lines)
  vim.fn.winrestview(view)
end

function M.format(bufnr)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  local ft = vim.bo[bufnr].filetype
  if excluded(ft) then
    return
  end
  local input = table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), "\n") .. "\n"
  local cmd = formatters.for_filetype(ft, vim.api.nvim_buf_get_name(bufnr))

  if cmd then
    local res = vim.system(cmd, { stdin = input, text = true }):wait(M.opts.timeout_ms)
    if res.code == 0 and res.stdout and #res.stdout > 0 then
      apply_lines(bufnr, vim.split(res.stdout:gsub("\n$", ""), "\n", { plain = true }))
    elseif res.stderr and #res.stderr > 0 then
      vim.notify("fmtsave: " .. res.stderr, vim.log.levels.WARN)
    end
  elseif M.opts.remote_fallback then
    local out = remote.format(bufnr, input, M.opts.timeout_ms)
    if out then
      apply_lines(bufnr, vim.split(out:gsub("\n$", ""), "\n", { plain = true }))
    end
  end
end

function M.setup(opts)
  M.opts = vim.tbl_deep_extend("force", vim.deepcopy(defaults), opts or {})
  local group = vim.api.nvim_create_augroup("fmtsave", { clear = true })

  vim.api.nvim_create_autocmd("BufWritePre", {
    group = group,
    callback = function(args)
      if M.opts.enabled then
        M.format(args.buf)
      end
    end,
  })

  vim.api.nvim_create_autocmd({ "BufReadPost", "BufNewFile" }, {
    group = group,
    callback = function(args)
      local ft = vim.bo[args.buf].filetype
      if M.opts.remote_fallback and not formatters.for_filetype(ft, args.file) then
        remote.prefetch(args.buf)
      end
    end,
  })

  vim.api.nvim_create_user_command("FmtSave", function() M.format() end, {})
  vim.api.nvim_create_user_command("FmtSaveToggle", function()
    M.opts.enabled = not M.opts.enabled
    vim.notify("fmtsave " .. (M.opts.enabled and "enabled" or "disabled"))
  end, {})
  vim.api.nvim_create_user_command("FmtSaveInfo", function()
    local ft = vim.bo.filetype
    local cmd = formatters.for_filetype(ft, vim.api.nvim_buf_get_name(0))
    local how = cmd and table.concat(cmd, " ") or (M.opts.remote_fallback and "hosted fallback" or "none")
    vim.notify(("fmtsave [%s]: %s"):format(ft, how))
  end, {})
end

return M
