#!/usr/bin/env node
'use strict';
const { execFileSync } = require('child_process');

function runAudit(cwd) {
  let raw;
  try {
    raw = execFileSync('npm', ['audit', '--json'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch (e) {
    raw = e.stdout; // npm audit exits 1 when vulnerabilities are found
  }
  return JSON.parse(raw || '{}');
}

function fixText(v) {
  if (v.fixAvailable === true) return 'npm audit fix';
  if (v.fixAvailable && v.fixAvailable.name) {
    return `npm install ${v.fixAvailable.name}@${v.fixAvailable.version}` + (v.fixAvailable.isSemVerMajor ? ' (major)' : '');
  }
  return 'none';
}

function summarize(report) {
  const order = { critical: 0, high: 1, moderate: 2, low: 3, info: 4 };
  return Object.values(report.vulnerabilities || {})
    .map(v => ({ name: v.name, severity: v.severity, direct: v.isDirect, fix: fixText(v) }))
    .sort((a, b) => order[a.severity] - order[b.severity]);
}

const rows = summarize(runAudit(process.argv[2] || process.cwd()));
if (!rows.length) {
  console.log('No known vulnerabilities.');
  process.exit(0);
}
console.log('| package | severity | direct | fix |');
console.log('|---|---|---|---|');
for (const r of rows) console.log(`| ${r.name} | ${r.severity} | ${r.direct ? 'yes' : 'no'} | ${r.fix} |`);
