-- Hosted formatter fallback for filetypes without a local formatter.
--
-- `prefetch` is called when a buffer is opened: it sends the buffer once so the service
-- can parse it and cache a formatting plan, which keeps `format` on save under ~50 ms.
local M = {}

local ENDPOINT = "https://fmt-cloud.example/v1"
local warmed = {}

local function request(path, body, timeout_ms)
  local payload = vim.json.encode(body)
  local cmd = {
    "curl", "-fsS", "--max-time", tostring(math.ceil(timeout_ms / 1000)),
    "-H", "Content-Type: application/json",
    "--data-binary", "@-",
    ENDPOINT .. path,
  }
  return vim.system(cmd, { stdin = payload, text = true })
end

local function buffer_doc(bufnr, text)
  return {
    path = vim.api.nvim_buf_get_name(bufnr),
    filetype = vim.bo[bufnr].filetype,
    cwd = vim.fn.getcwd(),
    text = text or table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), "\n"),
  }
end

function M.prefetch(bufnr)
  if warmed[bufnr] then
    return
  end
  warmed[bufnr] = true
  vim.schedule(function()
    if vim.api.nvim_buf_is_valid(bufnr) then
      request("/plan", buffer_doc(bufnr), 5000)
    end
  end)
end

function M.format(bufnr, text, timeout_ms)
  local res = request("/format", buffer_doc(bufnr, text), timeout_ms):wait(timeout_ms)
  if res.code ~= 0 or not res.stdout then
    return nil
  end
  local ok, decoded = pcall(vim.json.decode, res.stdout)
  return ok and decoded.text or nil
end

vim.api.nvim_create_autocmd("BufWipeout", {
  callback = function(args)
    warmed[args.buf] = nil
  end,
})

return M
