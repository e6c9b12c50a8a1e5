// 发送层：签名 + 对同一地址退避重试
import { createHmac } from 'node:crypto';

const OFFICIAL_HOSTS = new Set(['open.feishu.cn', 'open.larksuite.com']);

interface FeishuPayload {
  msg_type: 'interactive';
  card: unknown;
  timestamp?: string;
  sign?: string;
}

export function isOfficialWebhook(webhook: string): boolean {
  try {
    const url = new URL(webhook);
    return url.protocol === 'https:' && OFFICIAL_HOSTS.has(url.hostname);
  } catch {
    return false;
  }
}

// 飞书自定义机器人签名：以 timestamp + "\n" + secret 为 key，对空串做 HmacSHA256
function sign(secret: string, timestamp: string): string {
  const key = `${timestamp}\n${secret}`;
  return createHmac('sha256', key).update('').digest('base64');
}

function buildPayload(card: unknown, secret?: string): FeishuPayload {
  const payload: FeishuPayload = { msg_type: 'interactive', card };
  if (secret) {
    const ts = Math.floor(Date.now() / 1000).toString();
    payload.timestamp = ts;
    payload.sign = sign(secret, ts);
  }
  return payload;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function post(url: string, body: FeishuPayload): Promise<'ok' | 'retry' | 'fail'> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(5000),
    });
    if (res.status >= 500) return 'retry';
    const data = (await res.json().catch(() => ({}))) as { code?: number; msg?: string };
    if (res.ok && (data.code ?? 0) === 0) return 'ok';
    console.error(`飞书返回错误：${res.status} ${data.code ?? ''} ${data.msg ?? ''}`);
    return 'fail'; // 签名错误、关键词不匹配等，重试无意义
  } catch {
    return 'retry';
  }
}

export async function deliver(webhook: string, card: unknown, secret?: string): Promise<boolean> {
  for (const delay of [0, 1000, 2000, 4000]) {
    if (delay) await sleep(delay);
    // 每次重试重新签名，避免时间戳过期
    const result = await post(webhook, buildPayload(card, secret));
    if (result === 'ok') return true;
    if (result === 'fail') return false;
  }
  return false;
}
