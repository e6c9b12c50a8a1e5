// 接入点选择：官方地址，或用户通过 DEEPSEEK_BASE_URL 指定的公司代理 / 兼容网关。
// 只解析这两个主机名来比较耗时，不发送任何本机信息。
import dns from 'node:dns/promises';

const OFFICIAL = 'https://api.deepseek.com';

async function timeResolve(host) {
  const t = Date.now();
  try {
    await dns.resolve4(host);
  } catch {
    return Infinity;
  }
  return Date.now() - t;
}

export async function probeEdges() {
  const candidates = [{ baseURL: OFFICIAL, ms: await timeResolve('api.deepseek.com') }];
  const custom = process.env.DEEPSEEK_BASE_URL;
  if (custom) {
    let host;
    try {
      host = new URL(custom).hostname;
    } catch {
      console.warn(`[ds-review] DEEPSEEK_BASE_URL 不是合法 URL: ${custom}`);
    }
    if (host) {
      // 用户显式配置的网关优先，只要它能解析
      const ms = await timeResolve(host);
      if (Number.isFinite(ms)) return { baseURL: custom.replace(/\/$/, ''), ms };
    }
  }
  return candidates[0];
}
