#!/usr/bin/env -S npx tsx
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import semver from "semver";
// @ts-ignore - no bundled types
import { CommitParser } from "conventional-commits-parser";
import { checkAuth } from "./check-auth.js";

const cwd = process.cwd();
const pkgPath = path.join(cwd, "package.json");

function git(...args: string[]): string {
  return execFileSync("git", args, { cwd, encoding: "utf8" }).trim();
}

function lastTag(): string | null {
  try {
    return git("describe", "--tags", "--abbrev=0");
  } catch {
    return null;
  }
}

function commitsSince(tag: string | null) {
  const range = tag ? `${tag}..HEAD` : "HEAD";
  const raw = git("log", range, "--format=%H%n%B%n==END==");
  const parser = new CommitParser();
  return raw
    .split("==END==")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((block) => {
      const [hash, ...rest] = block.split("\n");
      return { hash, ...parser.parse(rest.join("\n")) };
    });
}

function changelogSection(version: string, commits: any[]): string {
  const groups: Record<string, string[]> = { Features: [], "Bug Fixes": [], Other: [] };
  for (const c of commits) {
    const line = `- ${c.scope ? `**${c.scope}:** ` : ""}${c.subject ?? c.header} (${c.hash.slice(0, 7)})`;
    if (c.type === "feat") groups.Features.push(line);
    else if (c.type === "fix") groups["Bug Fixes"].push(line);
    else groups.Other.push(line);
  }
  const date = new Date().toISOString().slice(0, 10);
  let out = `## ${version} (${date})\n\n`;
  for (const [title, lines] of Object.entries(groups)) {
    if (lines.length) out += `### ${title}\n\n${lines.join("\n")}\n\n`;
  }
  return out;
}

async function cmdCheck() {
  const res = await checkAuth();
  const primary = res.find((r: any) => r.primary);
  console.log(primary?.ok ? `authenticated as ${primary.user}` : `auth problem: ${primary?.status}`);
  if (!primary?.ok) process.exit(1);
}

function cmdBump(level: semver.ReleaseType) {
  if (git("status", "--porcelain")) throw new Error("working tree is not clean");
  const pkg = JSON.parse(fs.readFileSync(pkgPath, "utf8"));
  const next = semver.inc(pkg.version, level);
  if (!next) throw new Error(`cannot bump ${pkg.version} by ${level}`);
  const section = changelogSection(next, commitsSince(lastTag()));
  pkg.version = next;
  fs.writeFileSync(pkgPath, JSON.stringify(pkg, null, 2) + "\n");
  const clPath = path.join(cwd, "CHANGELOG.md");
  const prev = fs.existsSync(clPath) ? fs.readFileSync(clPath, "utf8") : "# Changelog\n\n";
  const [head, ...body] = prev.split(/(?=^## )/m);
  fs.writeFileSync(clPath, head + section + body.join(""));
  git("add", "package.json", "CHANGELOG.md");
  git("commit", "-m", `chore(release): v${next}`);
  git("tag", "-a", `v${next}`, "-m", `v${next}`);
  console.log(section);
}

function cmdPublish() {
  const args = ["publish"];
  if (process.env.CI) args.push("--provenance");
  const pkg = JSON.parse(fs.readFileSync(pkgPath, "utf8"));
  if (pkg.name.startsWith("@") && !pkg.publishConfig?.access) args.push("--access", "public");
  execFileSync("npm", args, { cwd, stdio: "inherit" });
}

const [cmd, ...rest] = process.argv.slice(2);
const level = (rest[rest.indexOf("--level") + 1] ?? "patch") as semver.ReleaseType;
if (cmd === "check") await cmdCheck();
else if (cmd === "bump") cmdBump(level);
else if (cmd === "publish") cmdPublish();
else console.log("usage: release.ts check | bump --level <patch|minor|major> | publish");
