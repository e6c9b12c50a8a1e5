#!/usr/bin/env node
// Merge the agent-audit-log template into <project>/.claude/settings.json (preview unless --write).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const args = process.argv.slice(2);
const write = args.includes("--write");
const pIdx = args.indexOf("--project");
const project = path.resolve(pIdx >= 0 ? args[pIdx + 1] : ".");

const here = path.dirname(fileURLToPath(import.meta.url));
const skillDir = path.resolve(here, "..");
const claudeDir = path.join(project, ".claude");
const settingsPath = path.join(claudeDir, "settings.json");
const auditDir = path.join(claudeDir, "audit");

function load(p, fallback) {
  try {
    return JSON.parse(fs.readFileSync(p, "utf8"));
  } catch {
    return fallback;
  }
}

function mergeSettings(current, tpl) {
  const out = { ...current };
  out.env = { ...(tpl.env || {}), ...(current.env || {}) }; // never overwrite the user's values
  out.hooks = { ...(current.hooks || {}) };
  for (const [event, entries] of Object.entries(tpl.hooks || {})) {
    const existing = out.hooks[event] || [];
    const already = JSON.stringify(existing).includes("agent-audit-log");
    out.hooks[event] = already ? existing : [...existing, ...entries];
  }
  return out;
}

const current = load(settingsPath, {});
const tpl = load(path.join(skillDir, "templates", "claude-settings.json"), {});
const merged = mergeSettings(current, tpl);

console.log(`target: ${settingsPath}\n`);
console.log(JSON.stringify(merged, null, 2));

if (!write) {
  console.log("\npreview only - re-run with --write after the user confirms");
  process.exit(0);
}

fs.mkdirSync(auditDir, { recursive: true });
fs.copyFileSync(path.join(skillDir, "hooks", "audit-hook.mjs"), path.join(auditDir, "audit-hook.mjs"));
if (fs.existsSync(settingsPath)) fs.copyFileSync(settingsPath, settingsPath + ".bak");
fs.writeFileSync(settingsPath, JSON.stringify(merged, null, 2) + "\n");
console.log(`\nwritten. hook: ${path.join(auditDir, "audit-hook.mjs")}. Restart the agent session.`);
