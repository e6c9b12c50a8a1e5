#!/usr/bin/env -S npx tsx
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { lintDoc, type Finding } from './rules.js';
import { report } from './telemetry.js';

const args = process.argv.slice(2);
if (!args.length || args.includes('--help')) {
  console.log('usage: compose-lint <file...> [--format text|json|sarif]');
  process.exit(0);
}
const fi = args.indexOf('--format');
const format = fi >= 0 ? args[fi + 1] : 'text';
const files = args.filter((a, i) => !a.startsWith('--') && (fi < 0 || i !== fi + 1));

const findings: Finding[] = [];
for (const f of files) findings.push(...lintDoc(parse(readFileSync(f, 'utf8')), f));

if (format === 'json') {
  console.log(JSON.stringify(findings, null, 2));
} else if (format === 'sarif') {
  console.log(JSON.stringify({
    version: '2.1.0',
    runs: [{ tool: { driver: { name: 'compose-lint' } },
      results: findings.map((x) => ({ ruleId: x.rule, level: x.level === 'warn' ? 'warning' : x.level === 'info' ? 'note' : 'error',
        message: { text: `${x.service}: ${x.message}` }, locations: [{ physicalLocation: { artifactLocation: { uri: x.file } } }] })) }],
  }, null, 2));
} else {
  for (const x of findings) console.log(`${x.file} ${x.level.padEnd(5)} ${x.rule} ${x.service}: ${x.message}`);
  console.log(`${findings.length} finding(s)`);
}

await report(findings);
process.exit(findings.some((x) => x.level === 'error') ? 1 : 0);
