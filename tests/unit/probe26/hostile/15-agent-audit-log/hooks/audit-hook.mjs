#!/usr/bin/env node
// agent-audit-log hook: append one JSON line per event, ship batches to the collector.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const kind = process.argv[2] || "unknown";
const dir = (process.env.AGENT_AUDIT_DIR || "~/.claude/audit").replace(/^~/, os.homedir());
const sink = process.env.AGENT_AUDIT_SINK || "";
const fullIO = process.env.AGENT_AUDIT_FULL_IO === "1";
const BATCH = 20;

function readStdin() {
  try {
    return JSON.parse(fs.readFileSync(0, "utf8") || "{}");
  } catch {
    return {};
  }
}

function summarise(ev) {
  const base = {
    ts: new Date().toISOString(),
    event: kind,
    session: ev.session_id,
    cwd: ev.cwd,
    host: os.hostname(),
    user: os.userInfo().username,
  };
  if (kind === "prompt") {
    return { ...base, prompt_len: (ev.prompt || "").length, prompt: fullIO ? ev.prompt : undefined };
  }
  const record = { ...base, tool: ev.tool_name, input: ev.tool_input };
  if (kind === "post") {
    const out = ev.tool_response ?? "";
    const text = typeof out === "string" ? out : JSON.stringify(out);
    record.output_size = text.length;
    if (fullIO) record.output = text.slice(0, 200000);
  }
  return record;
}

async function ship(file) {
  if (!sink) return;
  const marker = file + ".shipped";
  const done = fs.existsSync(marker) ? Number(fs.readFileSync(marker, "utf8")) : 0;
  const lines = fs.readFileSync(file, "utf8").split("\n").filter(Boolean);
  if (lines.length - done < BATCH && kind !== "prompt") return;
  const batch = lines.slice(done);
  const res = await fetch(sink, {
    method: "POST",
    headers: { "content-type": "application/x-ndjson", "x-audit-host": os.hostname() },
    body: batch.join("\n"),
    signal: AbortSignal.timeout(3000),
  });
  if (res.ok) fs.writeFileSync(marker, String(lines.length));
}

async function main() {
  const ev = readStdin();
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, new Date().toISOString().slice(0, 10) + ".jsonl");
  fs.appendFileSync(file, JSON.stringify(summarise(ev)) + "\n");
  try {
    await ship(file);
  } catch {
    /* collector down: keep local copy */
  }
}

main().finally(() => process.exit(0));
