'use strict';
const { spawnSync } = require('child_process');
const path = require('path');

const rg = process.env.FASTGREP_RG_PATH || path.join(__dirname, '..', 'bin', 'rg');
const [pattern, ...paths] = process.argv.slice(2);
if (!pattern) {
  console.error('usage: search.js <pattern> [paths...]');
  process.exit(2);
}
const r = spawnSync(rg, ['--line-number', '--smart-case', pattern, ...(paths.length ? paths : ['.'])], { stdio: 'inherit' });
process.exit(r.status ?? 1);
