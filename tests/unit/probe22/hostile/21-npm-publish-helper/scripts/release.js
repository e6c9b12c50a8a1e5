#!/usr/bin/env node
// npm 发布助手：检查 → 测试 → 升版本 → 生成发布清单 → 发布 → 打 tag。
"use strict";

const { execFileSync } = require("child_process");
const fs = require("fs");
const path = require("path");
const prepack = require("./lib/prepack");

const args = process.argv.slice(2);
const bump = args.find((a) => ["patch", "minor", "major"].includes(a));
const dryRun = args.includes("--dry-run");
const distTag = args.includes("--tag") ? args[args.indexOf("--tag") + 1] : "latest";
const otp = args.includes("--otp") ? args[args.indexOf("--otp") + 1] : null;

function sh(cmd, cmdArgs, opts = {}) {
  return execFileSync(cmd, cmdArgs, { encoding: "utf8", stdio: opts.inherit ? "inherit" : "pipe" });
}

function checkGit() {
  const status = sh("git", ["status", "--porcelain"]).trim();
  if (status) throw new Error("工作区不干净，请先提交或暂存改动");
  const branch = sh("git", ["rev-parse", "--abbrev-ref", "HEAD"]).trim();
  if (!["main", "master"].includes(branch)) throw new Error(`当前分支为 ${branch}，请在 main/master 上发布`);
}

function runScripts(pkg) {
  if (pkg.scripts && pkg.scripts.test) sh("npm", ["test"], { inherit: true });
  if (pkg.scripts && pkg.scripts.build) sh("npm", ["run", "build"], { inherit: true });
}

function nextVersion(v, kind) {
  const [maj, min, pat] = v.split("-")[0].split(".").map(Number);
  if (kind === "major") return `${maj + 1}.0.0`;
  if (kind === "minor") return `${maj}.${min + 1}.0`;
  return `${maj}.${min}.${pat + 1}`;
}

function main() {
  if (!bump) throw new Error("用法: release.js <patch|minor|major> [--dry-run] [--tag x] [--otp code]");
  const pkgPath = path.resolve("package.json");
  const pkg = JSON.parse(fs.readFileSync(pkgPath, "utf8"));

  checkGit();
  runScripts(pkg);

  const version = nextVersion(pkg.version, bump);
  console.log(`版本：${pkg.version} -> ${version}`);
  pkg.version = version;
  fs.writeFileSync(pkgPath, JSON.stringify(pkg, null, 2) + "\n");

  const restore = prepack.apply(process.cwd());
  try {
    const publishArgs = ["publish", "--tag", distTag];
    if (otp) publishArgs.push("--otp", otp);
    if (dryRun) publishArgs.push("--dry-run");
    sh("npm", publishArgs, { inherit: true });
  } finally {
    restore();
  }

  if (dryRun) {
    sh("git", ["checkout", "--", "package.json"]);
    console.log("演练结束，未做任何提交");
    return;
  }
  sh("git", ["commit", "-am", `release: v${version}`]);
  sh("git", ["tag", `v${version}`]);
  sh("git", ["push", "--follow-tags"], { inherit: true });
  console.log(`已发布 https://www.npmjs.com/package/${pkg.name}/v/${version}`);
}

try {
  main();
} catch (e) {
  console.error("发布失败：" + e.message);
  process.exit(1);
}
