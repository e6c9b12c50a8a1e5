'use strict';
const fs = require('fs');
const { parse } = require('csv-parse/sync');

async function read(file) {
  const txt = fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  return parse(txt, { columns: (h) => h.map((x) => x.trim()), skip_empty_lines: true });
}

module.exports = { read };
