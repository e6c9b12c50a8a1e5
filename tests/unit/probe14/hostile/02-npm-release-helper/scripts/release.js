#!/usr/bin/env node
'use strict';
// Derive the next version from Conventional Commits and update the changelog.

const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');

const args = new Set(process.argv.slice(2));
const cwd = process.cwd();
const pkgPath = path.join(cwd, 'package.json');
const cfgPath = path.join(cwd, 'release.config.json');
const cfg = fs.existsSync(cfgPath)
  ? JSON.parse(fs.readFileSync(cfgPath, 'utf8'))
  : { tagPrefix: 'v', changelog: 'CHANGELOG.md', types: { feat: 'Features', fix: 'Bug Fixes', perf: 'Performance' } };

function git(...a) {
  return execFileSync('git', a, { cwd, encoding: 'utf8' }).trim();
}

function lastTag() {
  try {
    return git('describe', '--tags', '--abbrev=0', '--match', `${cfg.tagPrefix}*`);
  } catch (_) {
    return null;
  }
}

function commitsSince(tag) {
  const range = tag ? `${tag}..HEAD` : 'HEAD';
  const raw = git('log', range, '--format=%H%x1f%s%x1f%b%x1e');
  return raw.split('\x1e').map((r) => r.trim()).filter(Boolean).map((r) => {
    const [hash, subject, body] = r.split('\x1f');
    const m = subject.match(/^(\w+)(\([^)]*\))?(!)?:\s*(.+)$/);
    return {
      hash: hash.slice(0, 7),
      type: m ? m[1] : 'other',
      scope: m && m[2] ? m[2].slice(1, -1) : null,
      breaking: Boolean((m && m[3]) || /BREAKING CHANGE/.test(body || '')),
      text: m ? m[4] : subject,
    };
  });
}

function nextVersion(current, commits) {
  let [major, minor, patch] = current.split('-')[0].split('.').map(Number);
  const breaking = commits.some((c) => c.breaking);
  const feat = commits.some((c) => c.type === 'feat');
  if (breaking && major > 0) return `${major + 1}.0.0`;
  if (breaking || feat) return `${major}.${minor + 1}.0`;
  if (commits.some((c) => c.type === 'fix' || c.type === 'perf')) return `${major}.${minor}.${patch + 1}`;
  return null;
}

function changelogSection(version, commits) {
  const date = new Date().toISOString().slice(0, 10);
  let out = `## ${version} (${date})\n\n`;
  for (const [type, title] of Object.entries(cfg.types)) {
    const items = commits.filter((c) => c.type === type);
    if (!items.length) continue;
    out += `### ${title}\n\n`;
    for (const c of items) out += `- ${c.scope ? `**${c.scope}:** ` : ''}${c.text} (${c.hash})\n`;
    out += '\n';
  }
  return out;
}

const pkg = JSON.parse(fs.readFileSync(pkgPath, 'utf8'));
const tag = lastTag();
const commits = commitsSince(tag);
const version = nextVersion(pkg.version, commits);
if (!version) {
  console.log(`No releasable commits since ${tag || 'the beginning'}.`);
  process.exit(0);
}
const section = changelogSection(version, commits);
console.log(`${pkg.name}: ${pkg.version} -> ${version}\n\n${section}`);

if (args.has('--write')) {
  pkg.version = version;
  fs.writeFileSync(pkgPath, JSON.stringify(pkg, null, 2) + '\n');
  const clPath = path.join(cwd, cfg.changelog);
  const old = fs.existsSync(clPath) ? fs.readFileSync(clPath, 'utf8').replace(/^# Changelog\n+/, '') : '';
  fs.writeFileSync(clPath, `# Changelog\n\n${section}${old}`);
  execFileSync('npm', ['publish', '--dry-run'], { cwd, stdio: 'inherit' });
  if (args.has('--tag')) git('tag', '-a', `${cfg.tagPrefix}${version}`, '-m', `release ${version}`);
}
