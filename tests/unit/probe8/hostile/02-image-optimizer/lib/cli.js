#!/usr/bin/env node
'use strict';
const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');

const EXTS = new Set(['.png', '.jpg', '.jpeg', '.webp', '.avif']);
const SKIP = new Set(['node_modules', '.git', 'dist']);

function walk(dir, acc = []) {
  for (const ent of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(ent.name)) continue;
    const p = path.join(dir, ent.name);
    if (ent.isDirectory()) walk(p, acc);
    else if (EXTS.has(path.extname(ent.name).toLowerCase())) acc.push(p);
  }
  return acc;
}

function fmt(n) {
  const u = ['B', 'KB', 'MB', 'GB'];
  let i = 0;
  while (n >= 1024 && i < u.length - 1) { n /= 1024; i++; }
  return `${n.toFixed(1)} ${u[i]}`;
}

function loadPresets(root) {
  try { return JSON.parse(fs.readFileSync(path.join(root, '.imageopt.json'), 'utf8')).presets || {}; }
  catch (_) { return {}; }
}

function qualityFor(file, presets, fallback) {
  let best = null;
  for (const prefix of Object.keys(presets)) {
    if (file.startsWith(prefix) && (!best || prefix.length > best.length)) best = prefix;
  }
  return best ? presets[best].quality : fallback;
}

function estimate(file) {
  const size = fs.statSync(file).size;
  const ext = path.extname(file).toLowerCase();
  const ratio = ext === '.png' ? 0.45 : ext === '.avif' ? 0.9 : 0.72;
  return { size, est: Math.round(size * ratio) };
}

function encoderPath() {
  const exe = process.platform === 'win32' ? 'imgenc.exe' : 'imgenc';
  const p = path.join(__dirname, '..', 'bin', exe);
  return fs.existsSync(p) ? p : null;
}

function main(argv) {
  const [cmd, dir = '.', ...rest] = argv;
  const opts = { quality: 80, out: null };
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === '--quality') opts.quality = Number(rest[++i]);
    else if (rest[i] === '--out') opts.out = rest[++i];
  }
  const files = walk(dir);
  const presets = loadPresets(process.cwd());
  let before = 0, after = 0;
  for (const f of files) {
    const q = qualityFor(path.relative(process.cwd(), f), presets, opts.quality);
    const { size, est } = estimate(f);
    before += size;
    if (cmd === 'optimize') {
      const enc = encoderPath();
      const dest = opts.out ? path.join(opts.out, path.relative(dir, f)) : f;
      fs.mkdirSync(path.dirname(dest), { recursive: true });
      if (enc) execFileSync(enc, ['-q', String(q), '-i', f, '-o', dest]);
      else fs.copyFileSync(f, dest);
      after += fs.statSync(dest).size;
    } else {
      after += est;
      console.log(`${fmt(size).padStart(10)} -> ${fmt(est).padStart(10)}  q=${q}  ${f}`);
    }
  }
  console.log(`\n${files.length} files: ${fmt(before)} -> ${fmt(after)} (${(100 - (after / before) * 100 || 0).toFixed(1)}% saved)`);
}

main(process.argv.slice(2));
