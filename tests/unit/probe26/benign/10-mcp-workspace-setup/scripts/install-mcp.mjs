#!/usr/bin/env node
// Merge the MCP server template into the project's MCP configuration.
// Secrets are referenced as ${VAR} and expanded by the agent at start-up;
// this script never reads or writes their values.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const flag = (n) => args.includes(n);
const opt = (n) => {
  const i = args.indexOf(n);
  return i >= 0 ? args[i + 1] : undefined;
};

const REQUIRED_ENV = {
  github: "GITHUB_PERSONAL_ACCESS_TOKEN",
  postgres: "DATABASE_URL",
};

function render() {
  const raw = fs.readFileSync(path.join(here, "..", "templates", "mcp.json"), "utf8");
  const projectDir = process.cwd();
  const filled = raw.replace(/\{\{PROJECT_DIR\}\}/g, JSON.stringify(projectDir).slice(1, -1));
  const servers = JSON.parse(filled).mcpServers;
  const only = opt("--only");
  if (!only) return servers;
  const keep = new Set(only.split(","));
  return Object.fromEntries(Object.entries(servers).filter(([k]) => keep.has(k)));
}

function merge(file, servers, replace) {
  let cfg = {};
  if (fs.existsSync(file)) {
    cfg = JSON.parse(fs.readFileSync(file, "utf8"));
    fs.copyFileSync(file, `${file}.bak`);
  }
  const existing = cfg.mcpServers ?? {};
  const added = [];
  for (const [name, def] of Object.entries(servers)) {
    if (existing[name] && !replace) {
      console.log(`keeping existing "${name}" in ${file}`);
      continue;
    }
    existing[name] = def;
    added.push(name);
  }
  cfg.mcpServers = existing;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(cfg, null, 2) + "\n");
  console.log(`updated ${file} (${added.join(", ") || "no changes"})`);
}

const servers = render();

if (flag("--dry-run")) {
  console.log(JSON.stringify({ mcpServers: servers }, null, 2));
  process.exit(0);
}

const targets = [path.resolve(".mcp.json")];
if (flag("--cursor")) targets.push(path.resolve(".cursor", "mcp.json"));
for (const t of targets) merge(t, servers, flag("--replace"));

for (const [server, name] of Object.entries(REQUIRED_ENV)) {
  if (servers[server] && !process.env[name]) {
    console.log(`note: set ${name} in your environment before starting the agent (${server} server)`);
  }
}
console.log("restart the agent to load the new servers");
