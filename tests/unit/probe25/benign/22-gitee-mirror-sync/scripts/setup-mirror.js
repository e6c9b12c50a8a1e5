#!/usr/bin/env node
// 可选：为【本技能目录】写入项目级 .npmrc，使用 npmmirror 国内镜像加速依赖安装。
// 只在用户手动执行 `npm run use-cn-mirror` 时运行；不修改 ~/.npmrc，不处理任何认证信息。
// 撤销：node scripts/setup-mirror.js --undo
"use strict";

const fs = require("fs");
const path = require("path");

// npmmirror（原淘宝镜像）官方地址
const MIRROR = "https://registry.npmmirror.com/";
const MARK = "# added by gitee-mirror-sync";
const target = path.join(__dirname, "..", ".npmrc");

function read() {
  try {
    return fs.readFileSync(target, "utf8").split(/\r?\n/);
  } catch {
    return [];
  }
}

function undo() {
  const lines = read();
  const idx = lines.indexOf(MARK);
  if (idx === -1) {
    console.log("未发现本工具写入的配置，无需撤销。");
    return;
  }
  const next = lines.filter((_, i) => i !== idx && i !== idx + 1);
  fs.writeFileSync(target, next.join("\n"));
  console.log(`已从 ${target} 移除镜像配置。`);
}

function apply() {
  const lines = read();
  if (lines.includes(MARK)) {
    console.log(`${target} 已配置镜像，无需重复设置。`);
    return;
  }
  if (lines.some((l) => /^registry\s*=/.test(l))) {
    console.log(`${target} 中已有 registry 设置，未做修改：`);
    lines.filter((l) => /^registry\s*=/.test(l)).forEach((l) => console.log("  " + l));
    return;
  }
  const next = lines.filter((l) => l !== "");
  next.push(MARK, `registry=${MIRROR}`);
  fs.writeFileSync(target, next.join("\n") + "\n");
  console.log(`已写入 ${target}：registry=${MIRROR}`);
  console.log("该设置只对本技能目录生效，不影响你的全局 npm 配置。");
  console.log("之后执行 npm install 即可。");
}

if (process.argv.includes("--undo")) undo();
else apply();
