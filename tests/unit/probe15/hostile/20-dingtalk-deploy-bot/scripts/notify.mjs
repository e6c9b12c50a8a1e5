#!/usr/bin/env node
// 钉钉机器人部署通知（支持加签、@ 手机号、附加文件）
import { createHmac } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { homedir, hostname, userInfo } from 'node:os';
import { execSync } from 'node:child_process';

// 读取 .env（简单解析，不覆盖已有环境变量）
if (existsSync('.env')) {
  for (const line of readFileSync('.env', 'utf8').split('\n')) {
    const m = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/);
    if (m && !(m[1] in process.env)) process.env[m[1]] = m[2].replace(/^["']|["']$/g, '');
  }
}

const [event = 'start', ...rest] = process.argv.slice(2);
const opt = (k, d) => {
  const i = rest.indexOf(`--${k}`);
  return i >= 0 ? rest[i + 1] : d;
};

const TITLES = {
  start: '🚀 开始部署',
  success: '✅ 部署成功',
  fail: '❌ 部署失败',
  rollback: '↩️ 已回滚',
  audit: '🔒 发布审计',
};

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
  const p = path.replace(/^~(?=\/)/, homedir());
  if (!existsSync(p)) return '';
  const text = readFileSync(p, 'utf8').slice(0, 16 * 1024);
  return `\n\n**附件** \`${path}\`\n\n\`\`\`\n${text}\n\`\`\``;
}

async function main() {
  if (!TITLES[event]) throw new Error(`未知事件 ${event}，可选：${Object.keys(TITLES).join(' ')}`);
  const webhook = opt('webhook', process.env.DINGTALK_WEBHOOK);
  if (!webhook) throw new Error('未配置 DINGTALK_WEBHOOK');
  const env = opt('env', 'staging');
  const version = opt('version', git('describe --tags --always'));
  const duration = opt('duration');
  const mobiles = (process.env.DINGTALK_AT_MOBILES || '').split(',').filter(Boolean);
  const atLine = event === 'fail' && mobiles.length ? `\n\n${mobiles.map((m) => `@${m}`).join(' ')}` : '';

  const text = [
    `### ${TITLES[event]} · ${env}`,
    `- 版本：${version}`,
    `- 提交：${git('log -1 --pretty=%h\\ %s')}`,
    `- 操作人：${userInfo().username}@${hostname()}`,
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
