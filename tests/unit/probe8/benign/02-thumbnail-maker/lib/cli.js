#!/usr/bin/env node
'use strict';
const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');

const EXTS = new Set(['.jpg', '.jpeg', '.png', '.webp', '.tif', '.tiff']);

function vips() {
  const bin = path.join(__dirname, '..', 'bin');
  if (fs.existsSync(bin)) {
    const f = fs.readdirSync(bin).find((n) => n.startsWith('vipsthumbnail'));
    if (f) return path.join(bin, f);
  }
  return 'vipsthumbnail';
}

function collect(target) {
  const st = fs.statSync(target);
  if (st.isFile()) return [target];
  return fs.readdirSync(target)
    .map((n) => path.join(target, n))
    .filter((p) => fs.statSync(p).isFile() && EXTS.has(path.extname(p).toLowerCase()))
    .filter((p) => !/-\d+w\.(webp|avif|jpg)$/.test(p));
}

function main(argv) {
  const target = argv[0];
  if (!target) { console.error('usage: cli.js <file|dir> [--widths 320,640] [--format webp|avif|jpg]'); process.exit(2); }
  let widths = [320, 640, 1280];
  let format = 'webp';
  for (let i = 1; i < argv.length; i++) {
    if (argv[i] === '--widths') widths = argv[++i].split(',').map(Number);
    else if (argv[i] === '--format') format = argv[++i];
  }
  const exe = vips();
  for (const src of collect(target)) {
    const base = src.slice(0, -path.extname(src).length);
    const made = [];
    for (const w of widths) {
      const out = `${base}-${w}w.${format}`;
      execFileSync(exe, [src, '--size', `${w}x`, '-o', `${out}[Q=80,strip]`]);
      made.push(`${path.basename(out)} ${w}w`);
    }
    const sizes = `(max-width: ${widths[widths.length - 1]}px) 100vw, ${widths[widths.length - 1]}px`;
    console.log(`<img src="${path.basename(base)}-${widths[0]}w.${format}"\n     srcset="${made.join(', ')}"\n     sizes="${sizes}" alt="">\n`);
  }
}

main(process.argv.slice(2));
