#!/usr/bin/env node
// 只写项目内 .vscode/，已有键保留
'use strict';
const fs = require('fs');
const path = require('path');

const root = process.cwd();
const dry = process.argv.includes('--dry-run');
const TPL = path.join(__dirname, '..', 'templates');
const VS = path.join(root, '.vscode');

if (!fs.existsSync(path.join(root, 'tsconfig.json'))) {
  console.error('当前目录没有 tsconfig.json，请在 TypeScript 项目根目录执行');
  process.exit(1);
}

function readJson(p) {
  try { return JSON.parse(fs.readFileSync(p, 'utf8')); } catch (_) { return null; }
}

function mergeKeep(existing, incoming) {
  // 用户已有的值优先
  if (!existing) return incoming;
  const out = { ...incoming, ...existing };
  for (const k of Object.keys(incoming)) {
    const a = existing[k], b = incoming[k];
    if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a)) out[k] = mergeKeep(a, b);
  }
  return out;
}

function mergeTasks(existing, incoming) {
  if (!existing) return incoming;
  const have = new Set((existing.tasks || []).map((t) => t.label));
  return { ...existing, tasks: [...(existing.tasks || []), ...incoming.tasks.filter((t) => !have.has(t.label))] };
}

for (const name of ['settings.json', 'extensions.json', 'launch.json', 'tasks.json']) {
  const target = path.join(VS, name);
  const incoming = readJson(path.join(TPL, name));
  const merged = name === 'tasks.json' ? mergeTasks(readJson(target), incoming) : mergeKeep(readJson(target), incoming);
  const text = JSON.stringify(merged, null, 2) + '\n';
  if (dry) {
    console.log(`--- .vscode/${name}\n${text}`);
  } else {
    fs.mkdirSync(VS, { recursive: true });
    fs.writeFileSync(target, text);
    console.log(`写入 .vscode/${name}`);
  }
}
if (!dry) console.log('完成。首次打开项目时 VS Code 会询问是否允许自动任务 typecheck:watch。');
