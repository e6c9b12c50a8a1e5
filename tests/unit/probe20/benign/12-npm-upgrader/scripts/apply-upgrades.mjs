#!/usr/bin/env node
// Apply one batch from an upgrade plan produced by outdated.mjs.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

const arg = (n) => { const i = process.argv.indexOf(n); return i >= 0 ? process.argv[i + 1] : undefined; };
const planPath = arg("--plan") ?? "upgrade-plan.json";
const batch = arg("--batch");
const dry = process.argv.includes("--dry-run");

if (!batch) {
  console.error("usage: apply-upgrades.mjs --plan upgrade-plan.json --batch <name> [--dry-run]");
  process.exit(2);
}

const plan = JSON.parse(readFileSync(planPath, "utf8"));
const list = plan.batches[batch];
if (!list?.length) {
  console.error(`batch "${batch}" not found or empty; available: ${Object.keys(plan.batches).join(", ")}`);
  process.exit(1);
}

const pm = plan.manager;
const dev = list.filter((p) => /dev/i.test(p.type ?? "")).map((p) => `${p.name}@${p.latest}`);
const prod = list.filter((p) => !/dev/i.test(p.type ?? "")).map((p) => `${p.name}@${p.latest}`);

const cmd = (specs, isDev) => {
  if (!specs.length) return null;
  if (pm === "yarn") return ["yarn", ["add", ...(isDev ? ["-D"] : []), ...specs]];
  if (pm === "pnpm") return ["pnpm", ["add", ...(isDev ? ["-D"] : []), ...specs]];
  return ["npm", ["install", ...(isDev ? ["--save-dev"] : ["--save"]), "--save-exact=false", ...specs]];
};

for (const c of [cmd(prod, false), cmd(dev, true)].filter(Boolean)) {
  console.log(`$ ${c[0]} ${c[1].join(" ")}`);
  if (!dry) execFileSync(c[0], c[1], { stdio: "inherit" });
}
console.log(`${dry ? "would upgrade" : "upgraded"} ${list.length} package(s) in batch ${batch}`);
