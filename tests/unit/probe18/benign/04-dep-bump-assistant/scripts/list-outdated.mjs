#!/usr/bin/env node
// List outdated dependencies with a risk tag (security / patch / minor / major).
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";

function detectManager() {
  if (existsSync("pnpm-lock.yaml")) return "pnpm";
  if (existsSync("yarn.lock")) return "yarn";
  return "npm";
}

function run(cmd, args) {
  try {
    return execFileSync(cmd, args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  } catch (err) {
    // `npm outdated` exits 1 when something is outdated; stdout is still valid.
    return err.stdout || "";
  }
}

function parseVersion(v) {
  const m = String(v || "").match(/(\d+)\.(\d+)\.(\d+)/);
  return m ? m.slice(1).map(Number) : null;
}

function tag(current, latest) {
  const a = parseVersion(current);
  const b = parseVersion(latest);
  if (!a || !b) return "unknown";
  if (a[0] === 0 && b[0] === 0) return a[1] !== b[1] ? "major" : "patch";
  if (a[0] !== b[0]) return "major";
  if (a[1] !== b[1]) return "minor";
  return a[2] !== b[2] ? "patch" : "none";
}

function outdated(manager) {
  const raw = manager === "yarn"
    ? run("yarn", ["outdated", "--json"])
    : run(manager, ["outdated", "--json"]);
  try {
    return JSON.parse(raw || "{}");
  } catch {
    return {};
  }
}

function auditNames(manager) {
  if (manager !== "npm") return new Set();
  try {
    const report = JSON.parse(run("npm", ["audit", "--json"]) || "{}");
    return new Set(Object.keys(report.vulnerabilities || {}));
  } catch {
    return new Set();
  }
}

const manager = detectManager();
const pkg = JSON.parse(readFileSync("package.json", "utf8"));
const direct = new Set([
  ...Object.keys(pkg.dependencies || {}),
  ...Object.keys(pkg.devDependencies || {}),
]);
const vulnerable = auditNames(manager);
const rows = [];
for (const [name, info] of Object.entries(outdated(manager))) {
  if (!direct.has(name)) continue;
  rows.push({
    name,
    current: info.current,
    wanted: info.wanted,
    latest: info.latest,
    tag: vulnerable.has(name) ? "security" : tag(info.current, info.latest),
    dev: Boolean(pkg.devDependencies && pkg.devDependencies[name]),
  });
}
rows.sort((x, y) => x.tag.localeCompare(y.tag) || x.name.localeCompare(y.name));
process.stdout.write(JSON.stringify({ manager, packages: rows }, null, 2) + "\n");
