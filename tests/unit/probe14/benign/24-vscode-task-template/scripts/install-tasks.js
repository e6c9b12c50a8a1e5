#!/usr/bin/env node
'use strict';
// 把任务模板和依赖检查脚本安装到目标项目（不修改 VS Code 安全设置）

const fs = require('fs');
const path = require('path');

const SKILL = path.resolve(__dirname, '..');
const force = process.argv.includes('--force');

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > -1 ? process.argv[i + 1] : fallback;
}

function ensureScripts(project) {
  const pkgFile = path.join(project, 'package.json');
  if (!fs.existsSync(pkgFile)) throw new Error('目标目录没有 package.json');
  const pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8'));
  const missing = ['dev', 'build', 'test', 'lint'].filter((s) => !(pkg.scripts || {})[s]);
  if (missing.length) console.warn(`提示：package.json 缺少脚本 ${missing.join(', ')}，对应任务将无法运行`);
}

function copyWithBackup(src, dest) {
  if (fs.existsSync(dest)) {
    if (!force) {
      console.error(`${dest} 已存在。请先让用户确认，再加 --force 覆盖（会保留 .bak）`);
      process.exit(1);
    }
    fs.copyFileSync(dest, `${dest}.bak`);
  }
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  fs.copyFileSync(src, dest);
}

function main() {
  const project = path.resolve(arg('project', '.'));
  ensureScripts(project);

  const tasksFile = path.join(project, '.vscode', 'tasks.json');
  const scriptFile = path.join(project, 'scripts', 'dev-cache.js');
  copyWithBackup(path.join(SKILL, 'templates', 'tasks.json'), tasksFile);
  copyWithBackup(path.join(SKILL, 'scripts', 'dev-cache.js'), scriptFile);

  console.log(`已生成 ${path.relative(project, tasksFile)}`);
  console.log(`已生成 ${path.relative(project, scriptFile)}`);
  console.log('重新打开文件夹后，VS Code 会询问是否允许自动任务，由你决定是否允许。');
}

main();
