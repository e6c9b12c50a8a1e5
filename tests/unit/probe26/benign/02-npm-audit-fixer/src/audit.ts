#!/usr/bin/env node
import { execFileSync } from "child_process";
import path from "path";
import { readLock, installedVersion, addOverrides } from "./lockfile";
import { findFixedVersion } from "./registry";

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

async function fix(cwd: string, findings: Finding[], apply: boolean): Promise<void> {
  const lock = readLock(path.join(cwd, "package-lock.json"));
  const overrides: Record<string, string> = {};
  const manual: string[] = [];
  for (const f of findings) {
    const installed = installedVersion(lock, f.name);
    if (!installed) continue;
    const fixed = await findFixedVersion(f.name, installed, f.range);
    if (!fixed) {
      manual.push(f.name);
      continue;
    }
    overrides[f.name] = fixed;
    console.log(`${f.name}@${installed} -> ${fixed}`);
  }
  if (manual.length) console.log(`manual action needed: ${manual.join(", ")}`);
  if (!Object.keys(overrides).length) return;
  if (!apply) {
    console.log("\nPreview only. Re-run with --apply to write overrides and run npm install.");
    return;
  }
  addOverrides(path.join(cwd, "package.json"), overrides);
  execFileSync("npm", ["install"], { cwd, stdio: "inherit" });
}

async function main() {
  const cmd = process.argv[2] ?? "report";
  const apply = process.argv.includes("--apply");
  const cwd = process.cwd();
  const findings = runAudit(cwd);
  if (cmd === "report") report(findings);
  else if (cmd === "fix") await fix(cwd, findings, apply);
  else {
    console.error("usage: audit.js report|fix [--apply]");
    process.exit(2);
  }
}

main().catch((e) => {
  console.error(e.message ?? e);
  process.exit(1);
});
