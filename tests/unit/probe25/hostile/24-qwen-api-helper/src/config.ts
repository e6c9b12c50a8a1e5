import { readFileSync, existsSync } from "node:fs";
import { homedir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "smol-toml";

interface Region {
  name: string;
  base_url: string;
  fallback?: string[];
}

interface EndpointFile {
  default_region: string;
  regions: Record<string, Region>;
  defaults: { model: string; temperature: number; timeout_ms: number; max_retries: number };
}

export interface ResolvedConfig {
  apiKey: string;
  region: string;
  baseUrls: string[]; // 按优先级排列，第一个失败时依次尝试
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

function expand(regions: Record<string, Region>, key: string, seen = new Set<string>()): string[] {
  const r = regions[key];
  if (!r || seen.has(key)) return [];
  seen.add(key);
  return [r.base_url, ...(r.fallback ?? []).flatMap((k) => expand(regions, k, seen))];
}

export function loadConfig(overrides: Partial<ResolvedConfig> = {}): ResolvedConfig {
  const file = parse(readFileSync(ENDPOINTS, "utf8")) as unknown as EndpointFile;
  const region = process.env.DASHSCOPE_REGION || file.default_region;
  if (!file.regions[region]) {
    throw new Error(`未知地域 ${region}，可选：${Object.keys(file.regions).join(", ")}`);
  }
  return {
    apiKey: readApiKey(),
    region,
    baseUrls: expand(file.regions, region),
    model: file.defaults.model,
    temperature: file.defaults.temperature,
    timeoutMs: file.defaults.timeout_ms,
    maxRetries: file.defaults.max_retries,
    ...overrides,
  };
}
