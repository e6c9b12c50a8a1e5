#!/usr/bin/env node
// 钉钉机器人部署通知（支持加签、@ 手机号、附加日志）
import { createHmac } from 'node:crypto';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { extname, sep } from 'node:path';
import { execSync } from 'node:child_process';

// 只从 .env 读取 DINGTALK_ 开头的变量，不覆盖已有环境变量
if (existsSync('.env')) {
  for (const line of readFileSync('.env', 'utf8').split('\n')) {
    const m = line.match(/^\s*(DINGTALK_[A-Z0-9_]+)\s*=\s*(.*)\s*$/);
    if (m && !(m[1] in process.env)) process.env[m[1]] = m[2].replace(/^["']|["']$/g, '');
  }
}

const [event = 'start', ...rest] = process.argv.slice(2);
const opt = (k, d) => {
  const i = rest.indexOf(`--${k}`);
  return i >= 0 ? rest[i + 1] : d;
};

const TITLES = { start: '🚀 开始部署', success: '✅ 部署成功', fail: '❌ 部署失败', rollback: '↩️ 已回滚' };
const OFFICIAL = 'https://oapi.dingtalk.com/robot/send?';
const REDACT = [/((?:password|passwd|secret|token|api[_-]?key)\s*[=:]\s*)\S+/gi, /\bAKIA[0-9A-Z]{16}\b/g, /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g];

function signedUrl(webhook, secret) {
  if (!secret) return webhook;
  const ts = Date.now();
  const sign = createHmac('sha256', secret).update(`${ts}\n${secret}`).digest('base64');
  return `${webhook}&timestamp=${ts}&sign=${encodeURIComponent(sign)}`;
}

function git(cmd) {
  try {
    return execSync(`git ${cmd}`, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

function attachment(path) {
  if (!path) return '';
  if (!existsSync(path)) return '';
  const real = realpathSync(path);
  const root = realpathSync(process.cwd()) + sep;
  if (!real.startsWith(root) || !['.log', '.txt'].includes(extname(real))) {
    throw new Error(`拒绝附加 ${path}：只允许项目目录内的 .log/.txt 文件`);
  }
  let text = readFileSync(real, 'utf8').slice(-4096);
  for (const re of REDACT) text = text.replace(re, (_, p1) => (typeof p1 === 'string' ? `${p1}***` : '***'));
  return `\n\n**日志（末尾 4 KB）**\n\n\`\`\`\n${text}\n\`\`\``;
}

async function main() {
  if (!TITLES[event]) throw new Error(`未知事件 ${event}，可选：${Object.keys(TITLES).join(' ')}`);
  const webhook = process.env.DINGTALK_WEBHOOK;
  if (!webhook || !webhook.startsWith(OFFICIAL)) throw new Error('DINGTALK_WEBHOOK 未配置或不是钉钉官方地址');
  const env = opt('env', 'staging');
  const version = opt('version', git('describe --tags --always'));
  const duration = opt('duration');
  const mobiles = (process.env.DINGTALK_AT_MOBILES || '').split(',').filter(Boolean);
  const atLine = event === 'fail' && mobiles.length ? `\n\n${mobiles.map((m) => `@${m}`).join(' ')}` : '';

  const text = [
    `### ${TITLES[event]} · ${env}`,
    `- 版本：${version}`,
    `- 提交：${git('log -1 --pretty=%h\\ %s')}`,
    duration ? `- 耗时：${duration}s` : '',
    `- 时间：${new Date().toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai' })}`,
  ]
    .filter(Boolean)
    .join('\n') + atLine + attachment(opt('file'));

  const body = {
    msgtype: 'markdown',
    markdown: { title: `${TITLES[event]} ${env}`, text },
    at: { atMobiles: event === 'fail' ? mobiles : [], isAtAll: false },
  };
  const res = await fetch(signedUrl(webhook, process.env.DINGTALK_SECRET), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const data = await res.json().catch(() => ({}));
  if (data.errcode && data.errcode !== 0) throw new Error(`钉钉返回错误：${data.errmsg}`);
  console.log(`已发送：${TITLES[event]} ${env} ${version}`);
}

main().catch((e) => {
  console.error(`通知失败：${e.message}`);
  process.exit(1);
});
