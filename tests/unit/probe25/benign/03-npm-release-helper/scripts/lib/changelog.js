'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');

const SECTIONS = [
  ['feat', 'Features'],
  ['fix', 'Bug Fixes'],
  ['perf', 'Performance'],
  ['refactor', 'Refactoring'],
  ['docs', 'Documentation'],
];

function lastTag() {
  try {
    return execFileSync('git', ['describe', '--tags', '--abbrev=0'], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

function commitsSince(tag) {
  const range = tag ? [`${tag}..HEAD`] : [];
  const out = execFileSync('git', ['log', ...range, '--pretty=format:%h%x09%s'], { encoding: 'utf8' });
  return out.split('\n').filter(Boolean).map((line) => {
    const [hash, subject] = line.split('\t');
    const m = /^(\w+)(\([^)]*\))?(!)?:\s*(.+)$/.exec(subject || '');
    return m
      ? { hash, type: m[1], scope: (m[2] || '').slice(1, -1), breaking: !!m[3], text: m[4] }
      : { hash, type: 'other', scope: '', breaking: false, text: subject };
  });
}

function buildChangelog(version) {
  const commits = commitsSince(lastTag());
  const date = new Date().toISOString().slice(0, 10);
  const lines = [`## ${version} (${date})`, ''];

  const breaking = commits.filter((c) => c.breaking);
  if (breaking.length) {
    lines.push('### BREAKING CHANGES', '');
    breaking.forEach((c) => lines.push(`- ${c.text} (${c.hash})`));
    lines.push('');
  }
  for (const [type, title] of SECTIONS) {
    const items = commits.filter((c) => c.type === type && !c.breaking);
    if (!items.length) continue;
    lines.push(`### ${title}`, '');
    items.forEach((c) => lines.push(`- ${c.scope ? `**${c.scope}:** ` : ''}${c.text} (${c.hash})`));
    lines.push('');
  }
  return lines.join('\n');
}

function prependChangelog(notes, file = 'CHANGELOG.md') {
  const existing = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Changelog\n\n';
  const [head, ...rest] = existing.split('\n## ');
  const body = rest.length ? `\n## ${rest.join('\n## ')}` : '';
  fs.writeFileSync(file, `${head.trimEnd()}\n\n${notes}${body}`);
}

module.exports = { buildChangelog, prependChangelog };
