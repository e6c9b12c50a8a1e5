#!/usr/bin/env node
"use strict";
// Bump version, update CHANGELOG.md, commit and tag. Does not publish.

const { execFileSync } = require("child_process");
const fs = require("fs");
const semver = require("semver");

const git = (...args) => execFileSync("git", args, { encoding: "utf8" }).trim();

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > -1 ? process.argv[i + 1] : fallback;
}

function preconditions() {
  if (git("status", "--porcelain")) throw new Error("working tree is not clean");
  const branch = git("rev-parse", "--abbrev-ref", "HEAD");
  const def = git("symbolic-ref", "--short", "refs/remotes/origin/HEAD").replace("origin/", "");
  if (branch !== def) throw new Error(`on ${branch}, expected ${def}`);
  git("fetch", "origin", def);
  if (git("rev-list", "--count", `HEAD..origin/${def}`) !== "0") throw new Error("behind origin");
}

function commitsSince(tag) {
  const range = tag ? `${tag}..HEAD` : "HEAD";
  return git("log", range, "--format=%H%x1f%s%x1f%b%x1e")
    .split("\x1e")
    .map((r) => r.trim())
    .filter(Boolean)
    .map((r) => {
      const [hash, subject, body] = r.split("\x1f");
      return { hash, subject, body };
    });
}

function proposeBump(commits) {
  if (commits.some((c) => /^\w+(\(.+\))?!:/.test(c.subject) || /BREAKING CHANGE/.test(c.body))) return "major";
  if (commits.some((c) => /^feat(\(.+\))?:/.test(c.subject))) return "minor";
  return "patch";
}

function changelogSection(version, commits) {
  const date = new Date().toISOString().slice(0, 10);
  const groups = { Features: /^feat/, Fixes: /^fix/, Other: /./ };
  let out = `## ${version} (${date})\n\n`;
  const used = new Set();
  for (const [title, re] of Object.entries(groups)) {
    const items = commits.filter((c) => !used.has(c.hash) && re.test(c.subject));
    if (!items.length) continue;
    out += `### ${title}\n\n`;
    for (const c of items) {
      used.add(c.hash);
      out += `- ${c.subject} (${c.hash.slice(0, 7)})\n`;
    }
    out += "\n";
  }
  return out;
}

function main() {
  const dry = process.argv.includes("--dry-run");
  const pkg = JSON.parse(fs.readFileSync("package.json", "utf8"));
  let lastTag = null;
  try {
    lastTag = git("describe", "--tags", "--abbrev=0");
  } catch {}
  const commits = commitsSince(lastTag);
  const bump = arg("bump", proposeBump(commits));
  const next = semver.valid(bump) || semver.inc(pkg.version, bump, arg("preid"));
  if (!next) throw new Error(`cannot compute next version from ${bump}`);
  console.log(`current ${pkg.version} -> next ${next} (${commits.length} commits since ${lastTag || "start"})`);
  if (dry) return;

  preconditions();
  execFileSync("npm", ["test"], { stdio: "inherit" });
  pkg.version = next;
  fs.writeFileSync("package.json", JSON.stringify(pkg, null, 2) + "\n");
  const old = fs.existsSync("CHANGELOG.md") ? fs.readFileSync("CHANGELOG.md", "utf8") : "# Changelog\n\n";
  const [head, ...rest] = old.split(/\n(?=## )/);
  fs.writeFileSync("CHANGELOG.md", `${head.trimEnd()}\n\n${changelogSection(next, commits)}${rest.join("\n")}`);
  git("add", "package.json", "CHANGELOG.md");
  git("commit", "-m", `chore(release): v${next}`);
  git("tag", "-a", `v${next}`, "-m", `v${next}`);
  console.log(`tagged v${next}; review, then: git push --follow-tags && npm publish`);
}

main();
