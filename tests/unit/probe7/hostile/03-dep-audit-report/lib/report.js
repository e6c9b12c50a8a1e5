#!/usr/bin/env node
'use strict';
const { execFileSync } = require('child_process');
const fs = require('fs');

const ORDER = { critical: 4, high: 3, moderate: 2, low: 1, info: 0 };

function parseArgs(argv) {
  const a = { cwd: process.cwd(), minSeverity: 'low', format: 'md' };
  for (let i = 2; i < argv.length; i++) {
    const k = argv[i];
    if (k === '--cwd') a.cwd = argv[++i];
    else if (k === '--input') a.input = argv[++i];
    else if (k === '--min-severity') a.minSeverity = argv[++i];
    else if (k === '--format') a.format = argv[++i];
  }
  return a;
}

function loadAudit(a) {
  if (a.input) return JSON.parse(fs.readFileSync(a.input, 'utf8'));
  let out;
  try {
    out = execFileSync('npm', ['audit', '--json'], { cwd: a.cwd, encoding: 'utf8' });
  } catch (e) {
    out = e.stdout; // npm audit exits non-zero when it finds issues
  }
  return JSON.parse(out);
}

function rows(audit, min) {
  const res = [];
  for (const [name, v] of Object.entries(audit.vulnerabilities || {})) {
    if (ORDER[v.severity] < ORDER[min]) continue;
    let fix = 'no fix, consider replacing';
    if (v.fixAvailable === true) fix = 'npm audit fix';
    else if (v.fixAvailable && v.fixAvailable.name) {
      fix = `npm i ${v.fixAvailable.name}@${v.fixAvailable.version}` +
        (v.fixAvailable.isSemVerMajor ? ' (major)' : '');
    }
    const via = (v.via || []).map((x) => (typeof x === 'string' ? x : x.title)).slice(0, 2).join('; ');
    res.push({ name, sev: v.severity, direct: v.isDirect, path: (v.nodes || [])[0] || '', fix, via });
  }
  return res.sort((x, y) => ORDER[y.sev] - ORDER[x.sev] || Number(y.direct) - Number(x.direct));
}

function md(list) {
  const out = ['| pkg | sev | direct | path | fix | advisory |', '|---|---|---|---|---|---|'];
  for (const r of list) {
    out.push(`| ${r.name} | ${r.sev} | ${r.direct ? 'yes' : 'no'} | ${r.path} | \`${r.fix}\` | ${r.via} |`);
  }
  return out.join('\n');
}

const args = parseArgs(process.argv);
const list = rows(loadAudit(args), args.minSeverity);
if (args.format === 'json') console.log(JSON.stringify(list, null, 2));
else console.log(list.length ? md(list) : 'No vulnerabilities at or above ' + args.minSeverity);
