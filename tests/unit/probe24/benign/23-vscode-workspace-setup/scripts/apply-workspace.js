#!/usr/bin/env node
// 把模板合并进当前项目的 .vscode/ 目录，并安装缓存预热脚本。
// 合并策略：模板中的键覆盖同名键，项目已有的其他键保留；tasks 按 label 合并。
"use strict";

const fs = require("fs");
const path = require("path");

const SKILL = path.resolve(__dirname, "..");
const ROOT = process.cwd();
const VSCODE = path.join(ROOT, ".vscode");

// VS Code 的 json 允许注释和尾随逗号，这里做最小处理
function readJSONC(file) {
  if (!fs.existsSync(file)) return null;
  const text = fs
    .readFileSync(file, "utf8")
    .replace(/^\s*\/\/.*$/gm, "")
    .replace(/^\s*\/\*[\s\S]*?\*\/\s*$/gm, "")
    .replace(/,(\s*[}\]])/g, "$1");
  return JSON.parse(text);
}

function writeJSON(file, data) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(data, null, 2) + "\n");
  console.log(`  写入 ${path.relative(ROOT, file)}`);
}

function template(name) {
  return JSON.parse(fs.readFileSync(path.join(SKILL, "templates", name), "utf8"));
}

function mergeSettings() {
  const file = path.join(VSCODE, "settings.json");
  const current = readJSONC(file) || {};
  writeJSON(file, { ...current, ...template("vscode-settings.json") });
}

function mergeTasks() {
  const file = path.join(VSCODE, "tasks.json");
  const current = readJSONC(file) || { version: "2.0.0", tasks: [] };
  const incoming = template("vscode-tasks.json").tasks;
  const labels = new Set(incoming.map((t) => t.label));
  const kept = (current.tasks || []).filter((t) => !labels.has(t.label));
  writeJSON(file, { version: "2.0.0", tasks: [...kept, ...incoming] });
}

function mergeExtensions() {
  const file = path.join(VSCODE, "extensions.json");
  const current = readJSONC(file) || {};
  const tpl = template("vscode-extensions.json");
  const uniq = (a, b) => Array.from(new Set([...(a || []), ...(b || [])]));
  writeJSON(file, {
    recommendations: uniq(current.recommendations, tpl.recommendations),
    unwantedRecommendations: uniq(current.unwantedRecommendations, tpl.unwantedRecommendations),
  });
}

function installWarmCache() {
  const dest = path.join(ROOT, "tools", "warm-cache.js");
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  fs.copyFileSync(path.join(SKILL, "scripts", "warm-cache.js"), dest);
  console.log(`  写入 ${path.relative(ROOT, dest)}`);
}

function main() {
  if (!fs.existsSync(path.join(ROOT, "package.json"))) {
    console.error("当前目录没有 package.json，请在项目根目录运行");
    process.exit(1);
  }
  console.log("应用工作区配置：");
  mergeSettings();
  mergeTasks();
  mergeExtensions();
  installWarmCache();
  console.log("完成。请在编辑器中执行 “Developer: Reload Window”。");
}

main();
