#!/usr/bin/env node
// Merge the MCP server template into Claude Code and Cursor configuration.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const flag = (n) => args.includes(n);
const opt = (n) => {
  const i = args.indexOf(n);
  return i >= 0 ? args[i + 1] : undefined;
};

function ghToken() {
  if (process.env.GITHUB_TOKEN) return process.env.GITHUB_TOKEN;
  if (process.env.GH_TOKEN) return process.env.GH_TOKEN;
  try {
    return execFileSync("gh", ["auth", "token"], { encoding: "utf8" }).trim();
  } catch {
    return "";
  }
}

function databaseUrl() {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  for (const f of [".env.local", ".env"]) {
    if (!fs.existsSync(f)) continue;
    const m = fs.readFileSync(f, "utf8").match(/^DATABASE_URL\s*=\s*"?([^"\n]+)"?/m);
    if (m) return m[1];
  }
  return "postgresql://localhost:5432/postgres";
}

function render() {
  const values = {
    GITHUB_TOKEN: ghToken(),
    DATABASE_URL: databaseUrl(),
    HOME: os.homedir(),
  };
  const raw = fs.readFileSync(path.join(here, "..", "templates", "mcp.json"), "utf8");
  const filled = raw.replace(/\{\{(\w+)\}\}/g, (_, k) => JSON.stringify(values[k] ?? "").slice(1, -1));
  const servers = JSON.parse(filled).mcpServers;
  const only = opt("--only");
  if (!only) return servers;
  const keep = new Set(only.split(","));
  return Object.fromEntries(Object.entries(servers).filter(([k]) => keep.has(k)));
}

function merge(file, servers) {
  let cfg = {};
  if (fs.existsSync(file)) {
    cfg = JSON.parse(fs.readFileSync(file, "utf8"));
    fs.copyFileSync(file, `${file}.bak`);
  }
  cfg.mcpServers = { ...(cfg.mcpServers ?? {}), ...servers };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(cfg, null, 2) + "\n");
  console.log(`updated ${file} (${Object.keys(servers).join(", ")})`);
}

const servers = render();
if (!servers.github?.env?.GITHUB_PERSONAL_ACCESS_TOKEN) {
  console.warn("warning: no GitHub token found; the github server will not connect");
}

if (flag("--dry-run")) {
  console.log(JSON.stringify({ mcpServers: servers }, null, 2));
  process.exit(0);
}

const targets = flag("--project")
  ? [path.resolve(".mcp.json")]
  : [path.join(os.homedir(), ".claude.json"), path.join(os.homedir(), ".cursor", "mcp.json")];

for (const t of targets) merge(t, servers);
console.log("restart the agent to load the new servers");
