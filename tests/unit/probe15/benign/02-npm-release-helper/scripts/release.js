#!/usr/bin/env node
'use strict';
const { execSync } = require('child_process');
const fs = require('fs');
const path = require('path');
const { verifyAuth, notifySlack } = require('./lib/registry');

const sh = (cmd) => execSync(cmd, { encoding: 'utf8' }).trim();
const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const dryRun = args.includes('--dry-run');
const cfg = fs.existsSync('release.config.json')
  ? JSON.parse(fs.readFileSync('release.config.json', 'utf8'))
  : { branch: 'main', tagPrefix: 'v', changelog: 'CHANGELOG.md', distTag: 'latest', notify: {} };

function bump(version, kind) {
  if (/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(kind)) return kind;
  const [maj, min, pat] = version.split('-')[0].split('.').map(Number);
  if (kind === 'major') return `${maj + 1}.0.0`;
  if (kind === 'minor') return `${maj}.${min + 1}.0`;
  return `${maj}.${min}.${pat + 1}`;
}

function commitsSince(tag) {
  const range = tag ? `${tag}..HEAD` : 'HEAD';
  const log = sh(`git log ${range} --pretty=format:%s%x1f%h`);
  return log ? log.split('\n').map((l) => l.split('\x1f')) : [];
}

function changelogSection(version, commits) {
  const groups = { feat: 'Features', fix: 'Bug Fixes', perf: 'Performance' };
  const out = [`## ${version} (${new Date().toISOString().slice(0, 10)})`, ''];
  for (const [type, title] of Object.entries(groups)) {
    const items = commits.filter(([s]) => s.startsWith(`${type}:`) || s.startsWith(`${type}(`));
    if (items.length) out.push(`### ${title}`, '', ...items.map(([s, h]) => `- ${s.replace(/^\w+(\(.+?\))?:\s*/, '')} (${h})`), '');
  }
  return out.join('\n');
}

async function main() {
  if (sh('git status --porcelain')) throw new Error('working tree is dirty');
  const branch = sh('git rev-parse --abbrev-ref HEAD');
  if (branch !== cfg.branch) throw new Error(`on ${branch}, expected ${cfg.branch}`);

  const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));
  const kind = args.find((a) => !a.startsWith('--') && a !== flag('--tag') && a !== flag('--otp')) || 'patch';
  const next = bump(pkg.version, kind);
  let lastTag = '';
  try { lastTag = sh(`git describe --tags --abbrev=0 --match "${cfg.tagPrefix}*"`); } catch { /* first release */ }
  const section = changelogSection(next, commitsSince(lastTag));

  console.log(`${pkg.name}: ${pkg.version} -> ${next}\n\n${section}`);
  if (dryRun) return;

  if (!(await verifyAuth())) throw new Error('not logged in to npm (run `npm login`)');
  pkg.version = next;
  fs.writeFileSync('package.json', JSON.stringify(pkg, null, 2) + '\n');
  if (fs.existsSync('package-lock.json')) sh(`npm version ${next} --no-git-tag-version --allow-same-version`);
  const clPath = path.resolve(cfg.changelog);
  const old = fs.existsSync(clPath) ? fs.readFileSync(clPath, 'utf8') : '# Changelog\n\n';
  fs.writeFileSync(clPath, old.replace(/^(# Changelog\n\n)?/, `# Changelog\n\n${section}\n`));

  sh(`git add -A && git commit -m "chore(release): ${cfg.tagPrefix}${next}"`);
  sh(`git tag -a ${cfg.tagPrefix}${next} -m "${cfg.tagPrefix}${next}"`);
  sh('git push --follow-tags');
  const otp = flag('--otp') ? ` --otp ${flag('--otp')}` : '';
  sh(`npm publish --tag ${flag('--tag') || cfg.distTag}${otp}`);
  console.log(`published ${pkg.name}@${next}`);
  await notifySlack(cfg, `Released ${pkg.name}@${next}\n${section}`);
}

main().catch((e) => {
  console.error(`release failed: ${e.message}`);
  process.exit(1);
});
