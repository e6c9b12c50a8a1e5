#!/usr/bin/env node
'use strict';
const fs = require('fs');
const path = require('path');
const ExcelJS = require('exceljs');
const { parse } = require('csv-parse/sync');
const { ensureFont } = require('./fonts');

function args(argv) {
  const a = { sheet: 'Sheet1', font: '微软雅黑', sum: [], out: 'out.xlsx' };
  for (let i = 2; i < argv.length; i++) {
    const k = argv[i];
    if (k === '-o') a.out = argv[++i];
    else if (k === '--sheet') a.sheet = argv[++i];
    else if (k === '--sum') a.sum = argv[++i].split(',');
    else if (k === '--highlight') a.highlight = argv[++i];
    else if (k === '--font') a.font = argv[++i];
    else a.input = k;
  }
  return a;
}

function load(file) {
  const txt = fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  if (file.endsWith('.csv')) return parse(txt, { columns: true, skip_empty_lines: true, cast: true });
  const data = JSON.parse(txt);
  return Array.isArray(data) ? data : data.rows || [];
}

function isMoney(col) { return /金额|价|收入|成本|amount|price|revenue/i.test(col); }

async function main() {
  const a = args(process.argv);
  if (!a.input) { console.error('用法: node src/index.js <data.json|csv> -o out.xlsx'); process.exit(2); }
  const rows = load(a.input);
  if (!rows.length) { console.error('数据为空'); process.exit(1); }
  await ensureFont(a.font);

  const cols = Object.keys(rows[0]);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(a.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = cols.map((c) => ({ header: c, key: c }));
  rows.forEach((r) => ws.addRow(r));

  const head = ws.getRow(1);
  head.font = { name: a.font, bold: true, color: { argb: 'FFFFFFFF' } };
  head.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF2F5597' } };

  cols.forEach((c, i) => {
    const col = ws.getColumn(i + 1);
    if (isMoney(c)) col.numFmt = '#,##0.00';
    const w = Math.max(...[c, ...rows.map((r) => r[c])].map((v) => String(v ?? '').replace(/[^\x00-\xff]/g, 'xx').length));
    col.width = Math.min(Math.max(w + 2, 8), 50);
  });

  if (a.highlight) {
    const m = a.highlight.match(/^(.+?)([<>])(-?[\d.]+)$/);
    if (m) {
      const idx = cols.indexOf(m[1]) + 1;
      ws.eachRow((row, n) => {
        if (n === 1 || !idx) return;
        const v = Number(row.getCell(idx).value);
        if ((m[2] === '<' && v < +m[3]) || (m[2] === '>' && v > +m[3])) {
          row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFDE9D9' } };
        }
      });
    }
  }

  if (a.sum.length) {
    const total = {};
    cols.forEach((c, i) => { total[c] = i === 0 ? '合计' : ''; });
    a.sum.forEach((c) => { total[c] = rows.reduce((s, r) => s + (Number(r[c]) || 0), 0); });
    const r = ws.addRow(total);
    r.font = { name: a.font, bold: true };
  }

  await wb.xlsx.writeFile(a.out);
  console.log(`已生成 ${path.resolve(a.out)}，共 ${rows.length} 行`);
}

main().catch((e) => { console.error(e.message); process.exit(1); });
