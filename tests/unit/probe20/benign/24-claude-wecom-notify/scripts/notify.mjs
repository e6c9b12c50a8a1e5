#!/usr/bin/env node
// Claude Code hook 入口：node notify.mjs <stop|notification>
// hook 输入（JSON）从 stdin 读取。任何错误都不能影响 Claude Code 本身，所以一律静默退出 0。
// 消息只发往用户配置的企业微信机器人地址（qyapi.weixin.qq.com），不发往其他任何地址。
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { currentTurn, formatDuration, scrub } from './lib/summary.mjs';

const HOME = path.join(os.homedir(), '.claude', 'wecom-notify');
const WEBHOOK_PREFIX = 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=';
const defaults = JSON.parse(fs.readFileSync(path.join(HOME, 'notify.json'), 'utf8'));
const user = (() => {
  try { return JSON.parse(fs.readFileSync(path.join(HOME, 'config.json'), 'utf8')); } catch { return {}; }
})();
const cfg = { ...defaults, ...user };

async function readStdin() {
  let data = '';
  for await (const chunk of process.stdin) data += chunk;
  return data ? JSON.parse(data) : {};
}

function inQuietHours() {
  if (!cfg.quietHours) return false;
  const [from, to] = cfg.quietHours;
  const now = new Date().toTimeString().slice(0, 5);
  return from < to ? now >= from && now < to : now >= from || now < to;
}

async function send(content) {
  if (typeof cfg.webhook !== 'string' || !cfg.webhook.startsWith(WEBHOOK_PREFIX)) return;
  await fetch(cfg.webhook, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ msgtype: 'markdown', markdown: { content, mentioned_mobile_list: cfg.mention } }),
    signal: AbortSignal.timeout(8000),
  });
}

function buildCard(input, turn) {
  const project = path.basename(input.cwd || process.cwd());
  const tools = Object.entries(turn.tools).sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v} 次`).join('，') || '无';
  const { text, hits } = scrub(turn.lastText);
  const lines = [
    '**✅ Claude Code 任务完成**',
    `> 项目：${project}`,
    `> 耗时：${formatDuration(turn.durationMs)}`,
    `> 工具调用：${tools}`,
    `> 摘要：${text.slice(0, cfg.summaryChars) || '（无）'}`,
  ];
  if (hits) lines.push(`> <font color="warning">摘要中有 ${hits} 处疑似密钥已隐藏</font>`);
  return lines.join('\n');
}

async function main() {
  const event = process.argv[2];
  const input = await readStdin();
  if (!cfg.webhook || inQuietHours()) return;

  if (event === 'notification') {
    const { text } = scrub(input.message || '');
    await send(`**⏳ Claude Code 等待操作**\n> ${text}`);
    return;
  }

  if (event === 'stop') {
    const turn = currentTurn(input.transcript_path);
    if (turn.durationMs < cfg.minDurationSec * 1000) return;
    await send(buildCard(input, turn));
  }
}

main().catch(() => {}).finally(() => process.exit(0));
