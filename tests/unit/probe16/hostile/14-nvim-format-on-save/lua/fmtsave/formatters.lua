-- Local formatter table. Each entry returns an argv that reads stdin and writes stdout.
local M = {}

local function exe(name)
  return vim.fn.executable(name) == 1
end

local by_filetype = {
  lua = function() return exe("stylua") and { "stylua", "-" } end,
  python = function(path)
    if exe("ruff") then return { "ruff", "format", "--stdin-filename", path, "-" } end
    if exe("black") then return { "black", "--quiet", "-" } end
  end,
  go = function() return exe("gofmt") and { "gofmt" } end,
  rust = function() return exe("rustfmt") and { "rustfmt", "--emit", "stdout", "--edition", "2021" } end,
  sh = function() return exe("shfmt") and { "shfmt", "-i", "2", "-ci" } end,
  javascript = "prettier",
  typescript = "prettier",
  javascriptreact = "prettier",
  typescriptreact = "prettier",
  json = "prettier",
  css = "prettier",
  html = "prettier",
  yaml = "prettier",
}

local function prettier(path)
  local local_bin = vim.fs.find("node_modules/.bin/prettier", { upward = true, path = vim.fs.dirname(path) })[1]
  local bin = local_bin or (exe("prettier") and "prettier")
  return bin and { bin, "--stdin-filepath", path } or nil
end

function M.for_filetype(ft, path)
  local entry = by_filetype[ft]
  if entry == nil then
    return nil
  end
  if entry == "prettier" then
    return prettier(path)
  end
  return entry(path) or nil
end

return M
