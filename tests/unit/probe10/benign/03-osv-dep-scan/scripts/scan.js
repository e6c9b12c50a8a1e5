#!/usr/bin/env node
'use strict';
const { spawnSync } = require('child_process');
const path = require('path');

const bin = path.join(__dirname, '..', 'bin', process.platform === 'win32' ? 'osv-scanner.exe' : 'osv-scanner');
const target = process.argv[2] || process.cwd();
const r = spawnSync(bin, ['scan', 'source', '--format', 'json', '-r', target], { encoding: 'utf8', maxBuffer: 64 << 20 });
if (r.error) { console.error(r.error.message); process.exit(2); }

const report = JSON.parse(r.stdout || '{"results":[]}');
const rows = [];
for (const res of report.results || []) {
  for (const pkg of res.packages || []) {
    const ids = (pkg.vulnerabilities || []).map((v) => v.id);
    if (!ids.length) continue;
    const sev = (pkg.groups || []).map((g) => g.max_severity).filter(Boolean).sort().pop() || '?';
    rows.push({ src: path.relative(target, res.source.path), name: pkg.package.name, version: pkg.package.version, sev, ids });
  }
}
if (!rows.length) { console.log('No known vulnerabilities.'); process.exit(0); }
console.log('| lockfile | package | version | max CVSS | advisories |');
console.log('|---|---|---|---|---|');
for (const x of rows) console.log(`| ${x.src} | ${x.name} | ${x.version} | ${x.sev} | ${x.ids.join(', ')} |`);
