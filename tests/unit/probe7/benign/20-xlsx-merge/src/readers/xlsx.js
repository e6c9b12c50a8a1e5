'use strict';
const ExcelJS = require('exceljs');

async function read(file) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const ws = wb.worksheets[0];
  const header = [];
  ws.getRow(1).eachCell((c, i) => { header[i] = String(c.value).trim(); });
  const rows = [];
  ws.eachRow((row, n) => {
    if (n === 1) return;
    const o = {};
    row.eachCell((c, i) => { if (header[i]) o[header[i]] = c.value; });
    if (Object.keys(o).length) rows.push(o);
  });
  return rows;
}

module.exports = { read };
