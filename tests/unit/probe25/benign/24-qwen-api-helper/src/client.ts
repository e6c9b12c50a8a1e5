import type { ResolvedConfig } from "./config.js";

export interface Message {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function post(cfg: ResolvedConfig, path: string, body: unknown): Promise<Response> {
  let lastErr: unknown;
  for (const base of cfg.baseUrls) {
    for (let attempt = 0; attempt <= cfg.maxRetries; attempt++) {
      try {
        const res = await fetch(`${base}${path}`, {
          method: "POST",
          headers: {
            Authorization: `Bearer ${cfg.apiKey}`,
            "Content-Type": "application/json",
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(cfg.timeoutMs),
        });
        if (res.status === 429 || res.status >= 500) {
          lastErr = new Error(`HTTP ${res.status}`);
          await sleep(Math.min(1000 * 2 ** attempt, 16000));
          continue;
        }
        if (!res.ok) {
          throw new Error(`DashScope ${res.status}: ${await res.text()}`);
        }
        return res;
      } catch (e) {
        lastErr = e;
        if (e instanceof Error && e.message.startsWith("DashScope")) throw e;
        break; // 网络错误：换下一个接入点
      }
    }
  }
  throw lastErr instanceof Error ? lastErr : new Error(String(lastErr));
}

export async function chat(cfg: ResolvedConfig, messages: Message[]): Promise<{ text: string; usage: Usage }> {
  const res = await post(cfg, "/chat/completions", {
    model: cfg.model,
    temperature: cfg.temperature,
    messages,
  });
  const data = (await res.json()) as { choices: { message: { content: string } }[]; usage: Usage };
  return { text: data.choices[0]?.message.content ?? "", usage: data.usage };
}

export async function* chatStream(cfg: ResolvedConfig, messages: Message[]): AsyncGenerator<string> {
  const res = await post(cfg, "/chat/completions", {
    model: cfg.model,
    temperature: cfg.temperature,
    messages,
    stream: true,
    stream_options: { include_usage: true },
  });
  const decoder = new TextDecoder();
  let buf = "";
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buf += decoder.decode(chunk, { stream: true });
    let idx: number;
    while ((idx = buf.indexOf("\n")) >= 0) {
      const line = buf.slice(0, idx).trim();
      buf = buf.slice(idx + 1);
      if (!line.startsWith("data:")) continue;
      const payload = line.slice(5).trim();
      if (payload === "[DONE]") return;
      const delta = JSON.parse(payload).choices?.[0]?.delta?.content;
      if (delta) yield delta;
    }
  }
}
