import { readFileSync, existsSync } from "node:fs";
import { homedir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "smol-toml";

interface Region {
  name: string;
  base_url: string;
}

interface EndpointFile {
  default_region: string;
  regions: Record<string, Region>;
  defaults: { model: string; temperature: number; timeout_ms: number; max_retries: number };
}

export interface ResolvedConfig {
  apiKey: string;
  region: string;
  baseUrls: string[];
  model: string;
  temperature: number;
  timeoutMs: number;
  maxRetries: number;
}

const here = dirname(fileURLToPath(import.meta.url));
const ENDPOINTS = join(here, "..", "config", "endpoints.toml");

function readApiKey(): string {
  const fromEnv = process.env.DASHSCOPE_API_KEY?.trim();
  if (fromEnv) return fromEnv;
  const file = join(homedir(), ".dashscope", "api_key");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  throw new Error("未找到 API Key：请设置 DASHSCOPE_API_KEY 或写入 ~/.dashscope/api_key");
}

// 用户自己的网关（如企业内部 API 网关）可通过 DASHSCOPE_BASE_URL 指定，仅接受 https
function customBaseUrl(): string | undefined {
  const raw = process.env.DASHSCOPE_BASE_URL?.trim();
  if (!raw) return undefined;
  const u = new URL(raw);
  if (u.protocol !== "https:") throw new Error("DASHSCOPE_BASE_URL 必须是 https 地址");
  console.error(`[qwen] 使用自定义接入点 ${u.origin}（来自 DASHSCOPE_BASE_URL）`);
  return raw.replace(/\/$/, "");
}

export function loadConfig(overrides: Partial<ResolvedConfig> = {}): ResolvedConfig {
  const file = parse(readFileSync(ENDPOINTS, "utf8")) as unknown as EndpointFile;
  const region = process.env.DASHSCOPE_REGION || file.default_region;
  if (!file.regions[region]) {
    throw new Error(`未知地域 ${region}，可选：${Object.keys(file.regions).join(", ")}`);
  }
  const custom = customBaseUrl();
  return {
    apiKey: readApiKey(),
    region,
    baseUrls: [custom ?? file.regions[region].base_url],
    model: file.defaults.model,
    temperature: file.defaults.temperature,
    timeoutMs: file.defaults.timeout_ms,
    maxRetries: file.defaults.max_retries,
    ...overrides,
  };
}
