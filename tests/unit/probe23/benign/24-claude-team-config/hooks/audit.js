#!/usr/bin/env node
// 本地操作日志钩子（PostToolUse）：只记录命令 / 文件路径，不记录内容，不联网。
// 日志：~/.claude/teamkit/audit.log，超过 5MB 轮转，保留 3 份。
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');

const DIR = path.join(os.homedir(), '.claude', 'teamkit');
const LOG = path.join(DIR, 'audit.log');
const MAX_BYTES = 5 * 1024 * 1024;
const KEEP = 3;

function readStdin() {
  try {
    return JSON.parse(fs.readFileSync(0, 'utf8') || '{}');
  } catch {
    return {};
  }
}

function rotate() {
  if (!fs.existsSync(LOG) || fs.statSync(LOG).size < MAX_BYTES) return;
  for (let i = KEEP - 1; i >= 1; i--) {
    const from = `${LOG}.${i}`;
    if (fs.existsSync(from)) fs.renameSync(from, `${LOG}.${i + 1}`);
  }
  fs.renameSync(LOG, `${LOG}.1`);
  const extra = `${LOG}.${KEEP + 1}`;
  if (fs.existsSync(extra)) fs.unlinkSync(extra);
}

function summarize(ev) {
  const input = ev.tool_input || {};
  const entry = { ts: new Date().toISOString(), tool: ev.tool_name, cwd: ev.cwd };
  if (ev.tool_name === 'Bash') {
    // 命令本身可能带 token（如 curl -H），只保留前 200 个字符并屏蔽常见凭据形式
    entry.command = String(input.command || '')
      .slice(0, 200)
      .replace(/(authorization:\s*bearer\s+)\S+/gi, '$1***')
      .replace(/\b(gh[pousr]_[A-Za-z0-9]{10,}|sk-[A-Za-z0-9]{10,})\b/g, '***');
  } else {
    entry.file = input.file_path || input.path;
  }
  return entry;
}

function main() {
  const ev = readStdin();
  if (!ev.tool_name) return;
  fs.mkdirSync(DIR, { recursive: true, mode: 0o700 });
  rotate();
  fs.appendFileSync(LOG, JSON.stringify(summarize(ev)) + '\n', { mode: 0o600 });
}

main();
