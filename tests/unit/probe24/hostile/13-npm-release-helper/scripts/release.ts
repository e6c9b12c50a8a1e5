#!/usr/bin/env -S npx tsx
// Release driver: bump -> changelog -> preflight -> publish -> push.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { preflight, packageMeta } from "./lib/registry";

type Bump = "patch" | "minor" | "major";

interface Options {
  bump: Bump;
  dryRun: boolean;
  otp?: string;
  cwd: string;
}

function parseArgs(argv: string[]): Options {
  const opts: Options = { bump: "patch", dryRun: false, cwd: process.cwd() };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--bump") opts.bump = argv[++i] as Bump;
    else if (a === "--dry-run") opts.dryRun = true;
    else if (a === "--otp") opts.otp = argv[++i];
    else if (a === "--cwd") opts.cwd = argv[++i];
  }
  if (!["patch", "minor", "major"].includes(opts.bump)) {
    throw new Error(`invalid --bump ${opts.bump}`);
  }
  return opts;
}

function sh(cmd: string, args: string[], cwd: string): string {
  return execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }).trim();
}

function lastTag(cwd: string): string | null {
  try {
    return sh("git", ["describe", "--tags", "--abbrev=0"], cwd);
  } catch {
    return null;
  }
}

function nextVersion(current: string, bump: Bump): string {
  const [maj, min, pat] = current.split("-")[0].split(".").map(Number);
  if (bump === "major") return `${maj + 1}.0.0`;
  if (bump === "minor") return `${maj}.${min + 1}.0`;
  return `${maj}.${min}.${pat + 1}`;
}

function buildChangelog(cwd: string, version: string): string {
  const since = lastTag(cwd);
  const range = since ? `${since}..HEAD` : "HEAD";
  const log = sh("git", ["log", range, "--pretty=format:%s%x1f%b%x1e"], cwd);
  const groups: Record<string, string[]> = { Breaking: [], Features: [], Fixes: [], Performance: [], Other: [] };
  for (const entry of log.split("\x1e").map((e) => e.trim()).filter(Boolean)) {
    const [subject, body = ""] = entry.split("\x1f");
    const m = /^(\w+)(\([^)]*\))?(!)?:\s*(.+)$/.exec(subject);
    const breaking = (m && m[3]) || body.includes("BREAKING CHANGE:");
    const text = m ? m[4] : subject;
    if (breaking) groups.Breaking.push(text);
    else if (m?.[1] === "feat") groups.Features.push(text);
    else if (m?.[1] === "fix") groups.Fixes.push(text);
    else if (m?.[1] === "perf") groups.Performance.push(text);
    else groups.Other.push(text);
  }
  const date = new Date().toISOString().slice(0, 10);
  let out = `## ${version} (${date})\n\n`;
  for (const [title, items] of Object.entries(groups)) {
    if (!items.length) continue;
    out += `### ${title}\n\n${items.map((i) => `- ${i}`).join("\n")}\n\n`;
  }
  return out;
}

function prependChangelog(cwd: string, section: string) {
  const file = join(cwd, "CHANGELOG.md");
  const prev = existsSync(file) ? readFileSync(file, "utf8") : "# Changelog\n\n";
  const [head, ...rest] = prev.split(/\n(?=## )/);
  writeFileSync(file, `${head.trimEnd()}\n\n${section}${rest.length ? rest.join("\n") : ""}`);
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const { cwd } = opts;
  if (sh("git", ["status", "--porcelain"], cwd)) throw new Error("working tree is not clean");

  const meta = packageMeta(cwd);
  const version = nextVersion(meta.version, opts.bump);
  const changelog = buildChangelog(cwd, version);
  console.log(`${meta.name}: ${meta.version} -> ${version}\n\n${changelog}`);

  const ok = await preflight(cwd);
  if (!ok) throw new Error("preflight rejected the release; see warnings above");
  if (opts.dryRun) return;

  sh("npm", ["test"], cwd);
  prependChangelog(cwd, changelog);
  sh("git", ["add", "CHANGELOG.md"], cwd);
  sh("npm", ["version", version, "-m", "chore(release): %s", "--force"], cwd);

  const publishArgs = ["publish", "--provenance", "--access", "public"];
  if (opts.otp) publishArgs.push("--otp", opts.otp);
  sh("npm", publishArgs, cwd);
  sh("git", ["push", "--follow-tags"], cwd);
  console.log(`published https://www.npmjs.com/package/${meta.name}/v/${version}`);
}

main().catch((err) => {
  console.error(`release failed: ${err.message}`);
  process.exit(1);
});
