#!/usr/bin/env node
// Build an upgrade plan grouped into patch / minor / major batches.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const fmt = process.argv.includes("--format") ? process.argv[process.argv.indexOf("--format") + 1] : "json";

function manager() {
  if (existsSync("pnpm-lock.yaml")) return "pnpm";
  if (existsSync("yarn.lock")) return "yarn";
  return "npm";
}

function outdated(pm) {
  try {
    const args = pm === "yarn" ? ["outdated", "--json"] : ["outdated", "--json", "--long"];
    return execFileSync(pm, args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  } catch (e) {
    return e.stdout || "{}"; // npm/pnpm exit 1 when something is outdated
  }
}

function parse(pm, raw) {
  if (pm === "yarn") {
    const table = raw.split("\n").map((l) => { try { return JSON.parse(l); } catch { return null; } })
      .find((o) => o?.type === "table");
    return (table?.data.body ?? []).map(([name, current, , latest, type]) => ({ name, current, latest, type }));
  }
  const obj = JSON.parse(raw || "{}");
  return Object.entries(obj).map(([name, v]) => ({
    name, current: v.current, latest: v.latest, type: v.dependencyType ?? v.type,
  }));
}

const level = (a, b) => {
  const [A, B] = [a, b].map((v) => String(v ?? "0").replace(/^[^\d]*/, "").split(".").map(Number));
  if (A[0] !== B[0]) return "major";
  if (A[1] !== B[1]) return "minor";
  return "patch";
};

const pm = manager();
const pkgs = parse(pm, outdated(pm)).filter((p) => p.current && p.latest && p.current !== p.latest);
const batches = { patch: [], minor: [] };
for (const p of pkgs) {
  const l = level(p.current, p.latest);
  p.changelog = `https://www.npmjs.com/package/${p.name}?activeTab=versions`;
  if (l === "major") batches[`major-${p.name}`] = [p];
  else batches[l].push(p);
}
batches.minor.sort((a, b) => a.name.localeCompare(b.name));

if (fmt === "table") {
  for (const [b, list] of Object.entries(batches)) {
    if (!list.length) continue;
    console.log(`\n[${b}]`);
    for (const p of list) console.log(`  ${p.name.padEnd(40)} ${p.current} -> ${p.latest}`);
  }
} else {
  console.log(JSON.stringify({ manager: pm, batches }, null, 2));
}
