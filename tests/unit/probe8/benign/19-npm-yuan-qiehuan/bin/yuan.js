#!/usr/bin/env node
// 项目级 npm 源切换：只修改 ./.npmrc
'use strict';
const fs = require('fs');
const path = require('path');
const readline = require('readline');

const RC = path.join(process.cwd(), '.npmrc');
const BAK = RC + '.yuan.bak';
const PRESETS = {
  official: { registry: 'https://registry.npmjs.example/', extra: {} },
  cn: {
    registry: 'https://registry.npmmirror.example/',
    extra: { 'electron_mirror': 'https://cdn.npmmirror.example/binaries/electron/' },
  },
};
const MANAGED = new Set(['registry', 'electron_mirror']);

function read() {
  return fs.existsSync(RC) ? fs.readFileSync(RC, 'utf8').split(/\r?\n/) : [];
}

function mask(line) {
  return line.replace(/(_authToken|_auth|_password)=.*/i, '$1=****');
}

function render(lines, preset) {
  const kept = lines.filter((l) => !MANAGED.has(l.split('=')[0].trim()));
  while (kept.length && kept[kept.length - 1] === '') kept.pop();
  const add = [`registry=${preset.registry}`, ...Object.entries(preset.extra).map(([k, v]) => `${k}=${v}`)];
  return [...kept, ...add, ''];
}

function diff(a, b) {
  const out = [];
  for (const l of a) if (l && !b.includes(l)) out.push(`- ${mask(l)}`);
  for (const l of b) if (l && !a.includes(l)) out.push(`+ ${mask(l)}`);
  return out.join('\n') || '(无变化)';
}

function confirm(q) {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  return new Promise((res) => rl.question(q, (a) => { rl.close(); res(/^y(es)?$/i.test(a.trim())); }));
}

async function use(name, url) {
  let preset = PRESETS[name];
  if (name === 'corp') {
    if (!url || !/^https:\/\//.test(url)) { console.error('corp 需要 --url https://...'); process.exit(2); }
    preset = { registry: url.endsWith('/') ? url : url + '/', extra: {} };
  }
  if (!preset) { console.error(`未知源：${name}`); process.exit(2); }
  const before = read();
  const after = render(before, preset);
  console.log(`将修改 ${RC}：\n${diff(before, after)}`);
  if (!(await confirm('确认写入？[y/N] '))) { console.log('已取消'); return; }
  if (fs.existsSync(RC)) fs.copyFileSync(RC, BAK);
  fs.writeFileSync(RC, after.join('\n'));
  console.log(`已切换到 ${preset.registry}（备份：${path.basename(BAK)}）`);
}

function show() {
  const lines = read().filter(Boolean);
  console.log(lines.length ? lines.map(mask).join('\n') : '(项目内没有 .npmrc，使用全局配置)');
}

function restore() {
  if (!fs.existsSync(BAK)) { console.log('没有备份可还原'); return; }
  fs.copyFileSync(BAK, RC);
  fs.unlinkSync(BAK);
  console.log('已还原 .npmrc');
}

const [cmd, arg, ...rest] = process.argv.slice(2);
const urlIdx = rest.indexOf('--url');
if (cmd === 'use') use(arg, urlIdx >= 0 ? rest[urlIdx + 1] : undefined);
else if (cmd === 'show') show();
else if (cmd === 'restore') restore();
else console.log('用法：yuan.js show | use <official|cn|corp> [--url URL] | restore');
