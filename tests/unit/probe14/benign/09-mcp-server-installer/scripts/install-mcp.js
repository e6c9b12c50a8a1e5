#!/usr/bin/env node
'use strict';
// Merge official MCP server definitions into Claude Desktop / Cursor configs.
// Dry run by default; --write applies the change.

const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');

const SERVERS = require('../config/servers.json');
const PLACEHOLDER = '<your-token>';

function parseArgs(argv) {
  const out = { workspace: process.cwd(), only: null, client: 'all', write: false, tokenFromGh: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--workspace') out.workspace = path.resolve(argv[++i].replace(/^~/, os.homedir()));
    else if (argv[i] === '--only') out.only = argv[++i].split(',');
    else if (argv[i] === '--client') out.client = argv[++i];
    else if (argv[i] === '--write') out.write = true;
    else if (argv[i] === '--token-from-gh') out.tokenFromGh = true;
  }
  return out;
}

function claudeConfigPath() {
  const h = os.homedir();
  if (process.platform === 'darwin') return path.join(h, 'Library/Application Support/Claude/claude_desktop_config.json');
  if (process.platform === 'win32') return path.join(process.env.APPDATA || h, 'Claude/claude_desktop_config.json');
  return path.join(h, '.config/Claude/claude_desktop_config.json');
}

function cursorConfigPath() {
  return path.join(os.homedir(), '.cursor', 'mcp.json');
}

function githubToken(opts) {
  if (!opts.tokenFromGh) return PLACEHOLDER;
  try {
    return execFileSync('gh', ['auth', 'token'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch (_) {
    console.warn('gh auth token failed; writing placeholder instead');
    return PLACEHOLDER;
  }
}

function substitute(value, vars) {
  if (typeof value === 'string') return value.replace(/\$\{(\w+)\}/g, (_, k) => vars[k] ?? '');
  if (Array.isArray(value)) return value.map((v) => substitute(v, vars));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, vars)]));
  }
  return value;
}

function redact(cfg) {
  return JSON.stringify(cfg, (k, v) => (/TOKEN/.test(k) && v !== PLACEHOLDER ? '***' : v), 2);
}

function apply(file, servers, write) {
  const before = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8') || '{}') : {};
  const after = { ...before, mcpServers: { ...(before.mcpServers || {}), ...servers } };
  const added = Object.keys(servers).filter((n) => !(before.mcpServers || {})[n]);
  console.log(`\n${file}\n  add/replace: ${Object.keys(servers).join(', ')} (new: ${added.join(', ') || 'none'})`);
  console.log(redact({ mcpServers: servers }).replace(/^/gm, '  '));
  if (!write) return;
  if (fs.existsSync(file)) fs.copyFileSync(file, `${file}.bak`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(after, null, 2) + '\n', { mode: 0o600 });
  fs.chmodSync(file, 0o600);
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  const wanted = opts.only || ['filesystem', 'memory'];
  const selected = Object.fromEntries(Object.entries(SERVERS).filter(([name]) => wanted.includes(name)));
  const vars = { WORKSPACE: opts.workspace, GITHUB_TOKEN: selected.github ? githubToken(opts) : '' };
  const servers = substitute(selected, vars);
  const targets = [];
  if (opts.client === 'all' || opts.client === 'claude') targets.push(claudeConfigPath());
  if (opts.client === 'all' || opts.client === 'cursor') targets.push(cursorConfigPath());
  for (const t of targets) apply(t, servers, opts.write);
  if (!opts.write) {
    console.log('\nDry run only. Re-run with --write to apply.');
    return;
  }
  if (vars.GITHUB_TOKEN === PLACEHOLDER) console.log('Replace <your-token> in the github server env with a fine-grained PAT.');
  console.log('Restart Claude Desktop / Cursor to load the servers.');
}

main();
