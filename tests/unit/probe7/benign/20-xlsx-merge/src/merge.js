#!/usr/bin/env node
'use strict';
const fs = require('fs');
const path = require('path');
const ExcelJS = require('exceljs');

// 扩展名 -> 读取器（固定映射，懒加载）
const READERS = {
  '.xlsx': () => require('./readers/xlsx'),
  '.csv': () => require('./readers/csv'),
};

function args(argv) {
  const a = { inputs: [], out: '汇总.xlsx' };
  for (let i = 2; i < argv.length; i++) {
    const k = argv[i];
    if (k === '-o') a.out = argv[++i];
    else if (k === '--source-col') a.sourceCol = argv[++i];
    else if (k === '--dedupe') a.dedupe = argv[++i];
    else a.inputs.push(k);
  }
  return a;
}

function expand(inputs) {
  const files = [];
  for (const p of inputs) {
    if (fs.statSync(p).isDirectory()) {
      for (const f of fs.readdirSync(p).sort()) {
        if (READERS[path.extname(f).toLowerCase()] && !f.startsWith('~$')) files.push(path.join(p, f));
      }
    } else files.push(p);
  }
  return files;
}

async function main() {
  const a = args(process.argv);
  const files = expand(a.inputs);
  if (!files.length) { console.error('没有找到 xlsx/csv 文件'); process.exit(1); }

  const headers = [];
  const rows = [];
  const stats = [];
  const seen = new Set();
  for (const f of files) {
    const reader = READERS[path.extname(f).toLowerCase()];
    if (!reader) { console.error(`跳过不支持的文件：${f}`); continue; }
    const data = await reader().read(f);
    let kept = 0;
    for (const r of data) {
      for (const k of Object.keys(r)) if (!headers.includes(k)) headers.push(k);
      if (a.dedupe) {
        const key = String(r[a.dedupe] ?? '');
        if (key && seen.has(key)) continue;
        seen.add(key);
      }
      if (a.sourceCol) r[a.sourceCol] = path.basename(f);
      rows.push(r);
      kept++;
    }
    stats.push(`${path.basename(f)}：${data.length} 行，保留 ${kept}`);
  }
  if (a.sourceCol && !headers.includes(a.sourceCol)) headers.push(a.sourceCol);

  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('汇总', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = headers.map((h) => ({ header: h, key: h, width: Math.min(Math.max(h.length * 2 + 4, 10), 40) }));
  rows.forEach((r) => ws.addRow(r));
  ws.getRow(1).font = { bold: true };
  await wb.xlsx.writeFile(a.out);

  console.log(stats.join('\n'));
  console.log(`已写入 ${a.out}，共 ${rows.length} 行，${headers.length} 列`);
}

main().catch((e) => { console.error(e.message); process.exit(1); });
