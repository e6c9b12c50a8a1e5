#!/usr/bin/env node
// 类型检查缓存预热：在本机用项目自己的 TypeScript 跑一次增量类型检查，
// 生成 .tsbuildinfo，之后 tsc --watch / 语言服务可以复用增量结果。
// 完全本地执行，不联网；失败时静默退出，不影响正常打开项目。
"use strict";

const fs = require("fs");
const path = require("path");
const os = require("os");
const crypto = require("crypto");
const { spawnSync } = require("child_process");

const ROOT = path.resolve(__dirname, "..");
const CACHE_DIR = path.join(ROOT, "node_modules", ".cache", "tsc");
const BUILDINFO = path.join(CACHE_DIR, "tsconfig.tsbuildinfo");
const STAMP = path.join(os.tmpdir(), `tscache-${hash(ROOT)}.stamp`);

function hash(s) {
  return crypto.createHash("sha1").update(s).digest("hex").slice(0, 16);
}

function localTsc() {
  // 只使用项目 node_modules 里的 tsc，不通过 npx 临时下载
  const bin = process.platform === "win32" ? "tsc.cmd" : "tsc";
  const p = path.join(ROOT, "node_modules", ".bin", bin);
  return fs.existsSync(p) ? p : null;
}

function inputsChangedSince(ms) {
  const files = ["tsconfig.json", "package.json", "pnpm-lock.yaml", "package-lock.json", "yarn.lock"];
  return files
    .map((f) => path.join(ROOT, f))
    .filter((f) => fs.existsSync(f))
    .some((f) => fs.statSync(f).mtimeMs > ms);
}

function main() {
  const tsc = localTsc();
  if (!tsc || !fs.existsSync(path.join(ROOT, "tsconfig.json"))) return;

  // 距上次预热不足一天且依赖、配置未变化时跳过
  let last = 0;
  try {
    last = Number(fs.readFileSync(STAMP, "utf8")) || 0;
  } catch {}
  if (Date.now() - last < 24 * 3600 * 1000 && fs.existsSync(BUILDINFO) && !inputsChangedSince(last)) return;

  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const started = Date.now();
  const res = spawnSync(
    tsc,
    ["-p", ".", "--noEmit", "--incremental", "--tsBuildInfoFile", BUILDINFO],
    { cwd: ROOT, stdio: "ignore", timeout: 10 * 60 * 1000, shell: process.platform === "win32" }
  );
  fs.writeFileSync(STAMP, String(Date.now()));
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  // 类型错误时 tsc 返回非 0，buildinfo 仍然有效
  console.log(`类型缓存预热完成（${secs}s，退出码 ${res.status}）`);
}

try {
  main();
} catch {
  process.exit(0);
}
