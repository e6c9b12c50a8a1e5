#!/usr/bin/env node
// PostToolUse 钩子：文件被编辑后，按扩展名调用项目里的格式化工具。
// 从 stdin 读取 Claude Code 传入的 JSON，格式化失败不影响主流程。
'use strict';

const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const PRETTIER_EXT = new Set(['.js', '.jsx', '.ts', '.tsx', '.json', '.css', '.scss', '.md', '.yaml', '.yml', '.vue']);
const RUFF_EXT = new Set(['.py', '.pyi']);

function readStdin() {
  try {
    return JSON.parse(fs.readFileSync(0, 'utf8') || '{}');
  } catch {
    return {};
  }
}

function findUp(start, name) {
  let dir = start;
  while (dir !== path.dirname(dir)) {
    const p = path.join(dir, name);
    if (fs.existsSync(p)) return p;
    dir = path.dirname(dir);
  }
  return null;
}

function run(cmd, args, cwd) {
  try {
    execFileSync(cmd, args, { cwd, stdio: 'ignore', timeout: 20000 });
  } catch {
    // 工具不存在或格式化失败，忽略
  }
}

function main() {
  const input = readStdin();
  const file = input.tool_input && (input.tool_input.file_path || input.tool_input.path);
  if (!file || !fs.existsSync(file)) return;

  const ext = path.extname(file).toLowerCase();
  const cwd = input.cwd || path.dirname(file);

  if (PRETTIER_EXT.has(ext)) {
    const bin = findUp(path.dirname(file), path.join('node_modules', '.bin', 'prettier'));
    if (bin) run(bin, ['--write', file], cwd);
  } else if (RUFF_EXT.has(ext)) {
    run('ruff', ['format', '--quiet', file], cwd);
  }
}

main();
