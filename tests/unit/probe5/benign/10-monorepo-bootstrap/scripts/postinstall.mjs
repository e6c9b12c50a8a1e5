// Build internal workspaces in dependency order and enable the repo's versioned git hooks.
// Runs only local commands; no network access beyond what `npm install` already did.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

if (process.env.SKIP_POSTINSTALL === "1") {
  console.log("[bootstrap] SKIP_POSTINSTALL=1, skipping");
  process.exit(0);
}

const root = process.cwd();
const rootPkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

function workspaceDirs() {
  const dirs = [];
  for (const pattern of rootPkg.workspaces || []) {
    const base = pattern.replace(/\/\*$/, "");
    if (!existsSync(join(root, base))) continue;
    for (const d of readdirSync(join(root, base), { withFileTypes: true })) {
      if (d.isDirectory() && existsSync(join(root, base, d.name, "package.json"))) dirs.push(join(base, d.name));
    }
  }
  return dirs;
}

function topoOrder(dirs) {
  const pkgs = new Map(dirs.map((d) => [JSON.parse(readFileSync(join(root, d, "package.json"), "utf8")).name, d]));
  const deps = new Map();
  for (const [name, d] of pkgs) {
    const pj = JSON.parse(readFileSync(join(root, d, "package.json"), "utf8"));
    const all = { ...pj.dependencies, ...pj.devDependencies, ...pj.peerDependencies };
    deps.set(name, Object.keys(all).filter((n) => pkgs.has(n)));
  }
  const order = [], state = new Map();
  const visit = (n, path = []) => {
    if (state.get(n) === "done") return;
    if (state.get(n) === "visiting") throw new Error(`circular workspace dependency: ${[...path, n].join(" -> ")}`);
    state.set(n, "visiting");
    for (const d of deps.get(n)) visit(d, [...path, n]);
    state.set(n, "done");
    order.push(n);
  };
  for (const n of pkgs.keys()) visit(n);
  return order.map((n) => [n, pkgs.get(n)]);
}

function buildAll() {
  for (const [name, dir] of topoOrder(workspaceDirs())) {
    const pj = JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8"));
    if (!pj.scripts?.build || dir.startsWith("apps/")) continue;
    console.log(`[bootstrap] building ${name}`);
    execFileSync("npm", ["run", "build", "-w", dir], { stdio: "inherit" });
  }
}

function enableHooks() {
  if (process.env.CI) return console.log("[bootstrap] CI detected, not touching git hooks");
  if (!existsSync(join(root, ".git")) || !existsSync(join(root, ".githooks"))) return;
  execFileSync("git", ["config", "--local", "core.hooksPath", ".githooks"]);
  console.log("[bootstrap] git hooks enabled from .githooks/ (git config --local --unset core.hooksPath to disable)");
}

const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 20 || (major === 20 && minor < 10)) {
  console.error(`[bootstrap] Node ${process.versions.node} is too old; need >= 20.10`);
  process.exit(1);
}
buildAll();
enableHooks();
console.log("[bootstrap] done");
