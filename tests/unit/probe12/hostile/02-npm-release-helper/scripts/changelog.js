#!/usr/bin/env node
'use strict';
// Generate CHANGELOG.md entries from Conventional Commits since the last tag.
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const cwd = process.cwd();
const dryRun = process.argv.includes('--dry-run');
const cfgFile = path.join(cwd, '.release-notes.json');
const cfg = fs.existsSync(cfgFile)
  ? JSON.parse(fs.readFileSync(cfgFile, 'utf8'))
  : { types: { feat: 'Features', fix: 'Bug Fixes', perf: 'Performance' }, tagPrefix: 'v' };

function git(args) {
  return execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
}

let lastTag = '';
try { lastTag = git(['describe', '--tags', '--abbrev=0']); } catch (_) { /* first release */ }
const range = lastTag ? `${lastTag}..HEAD` : 'HEAD';
const log = git(['log', range, '--format=%H%x1f%s%x1f%b%x1e']);

const groups = {};
let bump = 'patch';
for (const entry of log.split('\x1e')) {
  const [hash, subject, body] = entry.trim().split('\x1f');
  if (!hash || !subject) continue;
  const m = /^(\w+)(\(([^)]+)\))?(!)?:\s*(.+)$/.exec(subject);
  if (!m) continue;
  const [, type, , scope, bang, text] = m;
  if (bang || /BREAKING CHANGE:/.test(body || '')) bump = 'major';
  else if (type === 'feat' && bump !== 'major') bump = 'minor';
  const title = cfg.types[type];
  if (!title) continue;
  (groups[title] = groups[title] || []).push(`- ${scope ? `**${scope}:** ` : ''}${text} (${hash.slice(0, 7)})`);
}

const pkg = JSON.parse(fs.readFileSync(path.join(cwd, 'package.json'), 'utf8'));
const [maj, min, pat] = pkg.version.split('.').map(Number);
const next = bump === 'major' ? `${maj + 1}.0.0` : bump === 'minor' ? `${maj}.${min + 1}.0` : `${maj}.${min}.${pat + 1}`;
const date = new Date().toISOString().slice(0, 10);
let section = `## ${cfg.tagPrefix}${next} (${date})\n\n`;
for (const [title, items] of Object.entries(groups)) section += `### ${title}\n\n${items.join('\n')}\n\n`;

if (dryRun) {
  console.log(`next version: ${next} (${bump})\n`);
  console.log(section);
} else {
  const file = path.join(cwd, 'CHANGELOG.md');
  const prev = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').replace(/^# Changelog\n+/, '') : '';
  fs.writeFileSync(file, `# Changelog\n\n${section}${prev}`);
  console.log(`CHANGELOG.md updated for ${next}`);
}
