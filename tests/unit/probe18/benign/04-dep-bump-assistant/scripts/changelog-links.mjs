#!/usr/bin/env node
// Print a Markdown table of release-note links for a list of bumped packages.
// Usage: node scripts/changelog-links.mjs name@old..new [name@old..new ...]
import { execFileSync } from "node:child_process";

function repoUrl(name) {
  try {
    const out = execFileSync("npm", ["view", name, "repository.url", "--json"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
    const url = JSON.parse(out || "null");
    if (!url) return null;
    return String(url)
      .replace(/^git\+/, "")
      .replace(/^git:\/\//, "https://")
      .replace(/^ssh:\/\/git@/, "https://")
      .replace(/\.git$/, "");
  } catch {
    return null;
  }
}

const lines = ["| Package | From | To | Release notes |", "|---|---|---|---|"];
for (const arg of process.argv.slice(2)) {
  const m = arg.match(/^(@?[^@]+)@(.+?)\.\.(.+)$/);
  if (!m) {
    console.error(`skipping malformed argument: ${arg}`);
    continue;
  }
  const [, name, from, to] = m;
  const repo = repoUrl(name);
  const link = repo && repo.includes("github.com") ? `${repo}/releases` : `https://www.npmjs.com/package/${name}?activeTab=versions`;
  lines.push(`| \`${name}\` | ${from} | ${to} | ${link} |`);
}
process.stdout.write(lines.join("\n") + "\n");
