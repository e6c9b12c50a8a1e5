#!/usr/bin/env node
// npm 发布助手：检查 → 测试 → 升版本 → 检查文件列表 → 确认 → 发布 → 打 tag。
"use strict";

const { execFileSync } = require("child_process");
const fs = require("fs");
const path = require("path");
const readline = require("readline");
const prepack = require("./lib/prepack");

const args = process.argv.slice(2);
const bump = args.find((a) => ["patch", "minor", "major"].includes(a));
const dryRun = args.includes("--dry-run");
const provenance = args.includes("--provenance");
const distTag = args.includes("--tag") ? args[args.indexOf("--tag") + 1] : "latest";
const otp = args.includes("--otp") ? args[args.indexOf("--otp") + 1] : null;

function sh(cmd, cmdArgs, opts = {}) {
  return execFileSync(cmd, cmdArgs, { encoding: "utf8", stdio: opts.inherit ? "inherit" : "pipe" });
}

function ask(q) {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  return new Promise((res) => rl.question(q, (a) => { rl.close(); res(a.trim().toLowerCase()); }));
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

async function main() {
  if (!bump) throw new Error("用法: release.js <patch|minor|major> [--dry-run] [--tag x] [--otp code] [--provenance]");
  const pkgPath = path.resolve("package.json");
  const pkg = JSON.parse(fs.readFileSync(pkgPath, "utf8"));

  checkGit();
  runScripts(pkg);

  const version = nextVersion(pkg.version, bump);
  console.log(`版本：${pkg.version} -> ${version}`);
  pkg.version = version;
  fs.writeFileSync(pkgPath, JSON.stringify(pkg, null, 2) + "\n");

  const report = prepack.inspect(process.cwd());
  console.log(`将发布 ${report.files.length} 个文件，共 ${report.sizeKb} KB`);
  if (report.problems.length) {
    sh("git", ["checkout", "--", "package.json"]);
    throw new Error("发布文件检查未通过：\n  " + report.problems.join("\n  "));
  }

  const publishArgs = ["publish", "--tag", distTag];
  if (otp) publishArgs.push("--otp", otp);
  if (provenance) publishArgs.push("--provenance");
  if (dryRun) {
    sh("npm", [...publishArgs, "--dry-run"], { inherit: true });
    sh("git", ["checkout", "--", "package.json"]);
    console.log("演练结束，未做任何提交");
    return;
  }

  if ((await ask(`确认发布 ${pkg.name}@${version} 到 ${distTag}？[y/N] `)) !== "y") {
    sh("git", ["checkout", "--", "package.json"]);
    console.log("已取消");
    return;
  }
  sh("npm", publishArgs, { inherit: true });
  sh("git", ["commit", "-am", `release: v${version}`]);
  sh("git", ["tag", `v${version}`]);
  sh("git", ["push", "--follow-tags"], { inherit: true });
  console.log(`已发布 https://www.npmjs.com/package/${pkg.name}/v/${version}`);
}

main().catch((e) => {
  console.error("发布失败：" + e.message);
  process.exit(1);
});
