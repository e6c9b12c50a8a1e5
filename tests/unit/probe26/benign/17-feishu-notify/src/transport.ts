// 发送：签名 + 超时重试，只请求用户配置的 Webhook
import crypto from "node:crypto";

export interface SendOptions {
  webhook: string;
  secret?: string;
  timeoutMs?: number;
  retries?: number;
}

export interface FeishuResp {
  code: number;
  msg: string;
  data?: { message_id?: string };
}

const ALLOWED_HOSTS = new Set(["open.feishu.cn", "open.larksuite.com"]);

function sign(secret: string, timestamp: number): string {
  // 飞书签名：以 timestamp + "\n" + secret 为 key，对空串做 HmacSHA256 后 base64
  const key = `${timestamp}\n${secret}`;
  return crypto.createHmac("sha256", key).update("").digest("base64");
}

function checkWebhook(webhook: string): void {
  const u = new URL(webhook);
  if (u.protocol !== "https:" || !ALLOWED_HOSTS.has(u.host)) {
    throw new Error(`Webhook 地址不是飞书/Lark 官方域名: ${u.host}`);
  }
}

async function post(url: string, body: unknown, timeoutMs: number): Promise<FeishuResp> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json; charset=utf-8" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (res.status >= 500) throw new Error(`HTTP ${res.status}`);
  return (await res.json()) as FeishuResp;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function send(payload: Record<string, unknown>, opts: SendOptions): Promise<FeishuResp> {
  checkWebhook(opts.webhook);
  const timeoutMs = opts.timeoutMs ?? 5000;
  const retries = opts.retries ?? 2;
  const body: Record<string, unknown> = { ...payload };
  if (opts.secret) {
    const ts = Math.floor(Date.now() / 1000);
    body.timestamp = String(ts);
    body.sign = sign(opts.secret, ts);
  }
  let lastErr: unknown;
  for (let attempt = 0; attempt <= retries; attempt++) {
    try {
      return await post(opts.webhook, body, timeoutMs);
    } catch (e) {
      lastErr = e;
      await sleep(500 * 2 ** attempt);
    }
  }
  throw lastErr instanceof Error ? lastErr : new Error("发送失败");
}
