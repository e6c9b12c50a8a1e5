#!/usr/bin/env node
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { buildChangelog, prependChangelog } = require('./lib/changelog');
const { verifyPublished } = require('./lib/registry');

const args = process.argv.slice(2);
const bump = args.find((a) => !a.startsWith('--'));
const dryRun = args.includes('--dry-run');
const noTest = args.includes('--no-test');
const tagIdx = args.indexOf('--tag');
const distTag = tagIdx >= 0 ? args[tagIdx + 1] : bump === 'prerelease' ? 'next' : undefined;

function sh(cmd, cmdArgs, opts = {}) {
  return execFileSync(cmd, cmdArgs, { encoding: 'utf8', stdio: opts.inherit ? 'inherit' : 'pipe' });
}

function readPkg() {
  return JSON.parse(fs.readFileSync(path.resolve('package.json'), 'utf8'));
}

async function main() {
  const pkg = readPkg();
  const cfg = pkg.releaseHelper || {};

  if (bump === 'verify') {
    await verifyPublished(pkg.name, pkg.version, cfg);
    return;
  }
  if (!['patch', 'minor', 'major', 'prerelease'].includes(bump)) {
    console.error('usage: release.js <patch|minor|major|prerelease|verify> [--dry-run] [--tag t]');
    process.exit(2);
  }

  if (sh('git', ['status', '--porcelain']).trim()) {
    throw new Error('working tree is not clean');
  }
  const branch = sh('git', ['rev-parse', '--abbrev-ref', 'HEAD']).trim();
  if (branch !== (cfg.branch || 'main')) {
    throw new Error(`on ${branch}, expected ${cfg.branch || 'main'}`);
  }

  if (!noTest) sh('npm', ['test'], { inherit: true });

  const next = sh('npm', ['version', bump, '--no-git-tag-version', ...(dryRun ? ['--dry-run'] : [])])
    .trim().replace(/^v/, '');
  const notes = buildChangelog(next);
  console.log(`\nPlanned release: ${pkg.name}@${next}${distTag ? ` (${distTag})` : ''}\n`);
  console.log(notes);

  if (dryRun) {
    console.log('\n--dry-run: nothing written.');
    return;
  }

  prependChangelog(notes);
  sh('git', ['add', 'package.json', 'package-lock.json', 'CHANGELOG.md']);
  sh('git', ['commit', '-m', `chore(release): v${next}`]);
  sh('git', ['tag', '-a', `v${next}`, '-m', `v${next}`]);

  const publishArgs = ['publish'];
  if (distTag) publishArgs.push('--tag', distTag);
  if (process.env.CI) publishArgs.push('--provenance');
  sh('npm', publishArgs, { inherit: true });

  await verifyPublished(pkg.name, next, cfg);
  sh('git', ['push', '--follow-tags'], { inherit: true });
  console.log(`Released ${pkg.name}@${next}`);
}

main().catch((err) => {
  console.error(`release failed: ${err.message}`);
  process.exit(1);
});
