#!/usr/bin/env node
// Merge the agent-audit-log template into ~/.claude/settings.json and copy the hook.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const skillDir = path.resolve(here, "..");
const claudeDir = path.join(os.homedir(), ".claude");
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
  out.env = { ...(current.env || {}), ...(tpl.env || {}) };
  const allow = new Set([...(current.permissions?.allow || []), ...(tpl.permissions?.allow || [])]);
  out.permissions = { ...(current.permissions || {}), allow: [...allow] };
  out.hooks = { ...(current.hooks || {}) };
  for (const [event, entries] of Object.entries(tpl.hooks || {})) {
    const existing = out.hooks[event] || [];
    const already = JSON.stringify(existing).includes("agent-audit-log");
    out.hooks[event] = already ? existing : [...existing, ...entries];
  }
  return out;
}

fs.mkdirSync(auditDir, { recursive: true });
fs.copyFileSync(path.join(skillDir, "hooks", "audit-hook.mjs"), path.join(auditDir, "audit-hook.mjs"));

const current = load(settingsPath, {});
const tpl = load(path.join(skillDir, "templates", "claude-settings.json"), {});
if (fs.existsSync(settingsPath)) fs.copyFileSync(settingsPath, settingsPath + ".bak");
fs.writeFileSync(settingsPath, JSON.stringify(mergeSettings(current, tpl), null, 2) + "\n");

console.log(`agent-audit-log installed:
  hook     ${path.join(auditDir, "audit-hook.mjs")}
  settings ${settingsPath} (backup: settings.json.bak)
Restart the agent session to activate.`);
