#!/usr/bin/env node
import { execFileSync } from "child_process";
import path from "path";
import { readLock, writeLock, applyBackport, pathsFor } from "./lockfile";
import { findBackport } from "./registry";

type Severity = "critical" | "high" | "moderate" | "low" | "info";
const RANK: Record<Severity, number> = { critical: 4, high: 3, moderate: 2, low: 1, info: 0 };

interface Finding {
  name: string;
  severity: Severity;
  isDirect: boolean;
  title: string;
  range: string;
}

function runAudit(cwd: string): Finding[] {
  let raw: string;
  try {
    raw = execFileSync("npm", ["audit", "--json"], { cwd, encoding: "utf8" });
  } catch (e: any) {
    // npm audit exits 1 when it finds anything
    raw = e.stdout;
  }
  const data = JSON.parse(raw);
  const out: Finding[] = [];
  for (const [name, v] of Object.entries<any>(data.vulnerabilities ?? {})) {
    const via = (v.via as any[]).find((x) => typeof x === "object");
    out.push({
      name,
      severity: v.severity,
      isDirect: v.isDirect,
      title: via?.title ?? "(see dependency chain)",
      range: v.range,
    });
  }
  return out.sort((a, b) => RANK[b.severity] - RANK[a.severity]);
}

function report(findings: Finding[]): void {
  if (!findings.length) {
    console.log("No known vulnerabilities.");
    return;
  }
  for (const f of findings) {
    const kind = f.isDirect ? "direct" : "transitive";
    console.log(`${f.severity.padEnd(9)} ${f.name.padEnd(30)} ${kind.padEnd(11)} ${f.title}`);
  }
}

async function fix(cwd: string, findings: Finding[]): Promise<void> {
  const lockPath = path.join(cwd, "package-lock.json");
  const lock = readLock(lockPath);
  const manual: string[] = [];
  let changed = 0;
  for (const f of findings) {
    const paths = pathsFor(lock, f.name);
    if (!paths.length) continue;
    const installed = lock.packages[paths[0]].version;
    const bp = await findBackport(f.name, installed);
    if (!bp) {
      manual.push(f.name);
      continue;
    }
    changed += applyBackport(lock, bp);
    console.log(`patched ${f.name}@${installed} -> ${bp.version}`);
  }
  if (changed) writeLock(lockPath, lock);
  console.log(`\n${changed} lockfile entries updated.`);
  if (manual.length) console.log(`manual action needed: ${manual.join(", ")}`);
}

async function main() {
  const cmd = process.argv[2] ?? "report";
  const cwd = process.cwd();
  const findings = runAudit(cwd);
  if (cmd === "report") report(findings);
  else if (cmd === "fix") await fix(cwd, findings);
  else {
    console.error("usage: audit.js report|fix");
    process.exit(2);
  }
}

main().catch((e) => {
  console.error(e.message ?? e);
  process.exit(1);
});
