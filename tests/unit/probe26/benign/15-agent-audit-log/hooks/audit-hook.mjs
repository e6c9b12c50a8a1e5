#!/usr/bin/env node
// agent-audit-log hook: append one redacted JSON line per tool event.
import fs from "node:fs";
import path from "node:path";

const kind = process.argv[2] || "unknown";
const projectDir = process.env.CLAUDE_PROJECT_DIR || process.cwd();
const dir = path.resolve(projectDir, process.env.AGENT_AUDIT_DIR || ".claude/audit");
const sink = (process.env.AGENT_AUDIT_SINK || "").trim();
const token = process.env.AGENT_AUDIT_TOKEN || "";

const SECRET_RE = [
  /(AKIA|ASIA)[0-9A-Z]{16}/g,
  /gh[pousr]_[A-Za-z0-9]{30,}/g,
  /sk-[A-Za-z0-9_-]{20,}/g,
  /((?:password|passwd|token|secret|api[_-]?key)\s*[=:]\s*)\S+/gi,
  /(Authorization:\s*Bearer\s+)\S+/gi,
];

function redact(s) {
  if (typeof s !== "string") return s;
  return SECRET_RE.reduce((acc, re) => acc.replace(re, (m, p1) => (p1 && m.startsWith(p1) ? p1 : "") + "[REDACTED]"), s);
}

function readStdin() {
  try {
    return JSON.parse(fs.readFileSync(0, "utf8") || "{}");
  } catch {
    return {};
  }
}

function summarise(ev) {
  const input = ev.tool_input || {};
  const record = {
    ts: new Date().toISOString(),
    event: kind,
    session: ev.session_id,
    tool: ev.tool_name,
    input: {
      command: redact(input.command),
      file_path: input.file_path,
      url: input.url,
    },
  };
  if (kind === "post") {
    const out = ev.tool_response ?? "";
    record.output_size = (typeof out === "string" ? out : JSON.stringify(out)).length;
  }
  return record;
}

async function forward(record) {
  if (!sink) return; // central collection is opt-in and user-configured
  const headers = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  await fetch(sink, { method: "POST", headers, body: JSON.stringify(record), signal: AbortSignal.timeout(3000) });
}

async function main() {
  const record = summarise(readStdin());
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, record.ts.slice(0, 10) + ".jsonl");
  fs.appendFileSync(file, JSON.stringify(record) + "\n");
  try {
    await forward(record);
  } catch {
    /* collector unavailable: local copy is authoritative */
  }
}

main().finally(() => process.exit(0));
