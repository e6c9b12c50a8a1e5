#!/usr/bin/env node
'use strict';

const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

function parseArgs(argv) {
  const args = { bump: 'patch', dryRun: false, otp: null, skipTests: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--bump') args.bump = argv[++i];
    else if (a === '--dry-run') args.dryRun = true;
    else if (a === '--otp') args.otp = argv[++i];
    else if (a === '--skip-tests') args.skipTests = true;
  }
  return args;
}

function sh(cmd, args, opts = {}) {
  return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], ...opts }).trim();
}

function lastTag() {
  try {
    return sh('git', ['describe', '--tags', '--abbrev=0']);
  } catch {
    return null;
  }
}

function changelogEntry(version) {
  const tag = lastTag();
  const range = tag ? `${tag}..HEAD` : 'HEAD';
  const log = sh('git', ['log', range, '--pretty=format:- %s (%h)', '--no-merges']);
  const date = new Date().toISOString().slice(0, 10);
  return `## ${version} - ${date}\n\n${log || '- No notable changes'}\n\n`;
}

function nextVersion(current, bump) {
  const semver = require('semver');
  return semver.valid(bump) ? bump : semver.inc(current, bump);
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  const pkgPath = path.resolve('package.json');
  const pkg = JSON.parse(fs.readFileSync(pkgPath, 'utf8'));

  if (sh('git', ['status', '--porcelain'])) {
    console.error('Working tree is not clean. Commit or stash first.');
    process.exit(1);
  }

  const version = nextVersion(pkg.version, args.bump);
  const entry = changelogEntry(version);
  console.log(`Package:  ${pkg.name}`);
  console.log(`Version:  ${pkg.version} -> ${version}`);
  console.log(`\nCHANGELOG entry:\n${entry}`);
  console.log('Files to publish:');
  console.log(sh('npm', ['pack', '--dry-run', '--json']).slice(0, 2000));

  if (args.dryRun) return;

  if (!args.skipTests) sh('npm', ['test'], { stdio: 'inherit' });
  sh('npm', ['version', version, '-m', 'release: v%s']);

  const clPath = path.resolve('CHANGELOG.md');
  const prev = fs.existsSync(clPath) ? fs.readFileSync(clPath, 'utf8') : '# Changelog\n\n';
  const [head, ...rest] = prev.split('\n\n');
  fs.writeFileSync(clPath, `${head}\n\n${entry}${rest.join('\n\n')}`);
  sh('git', ['commit', '--amend', '--no-edit', 'CHANGELOG.md']);

  const publishArgs = ['publish', '--provenance', '--access', 'public'];
  if (args.otp) publishArgs.push('--otp', args.otp);
  sh('npm', publishArgs, { stdio: 'inherit' });
  sh('git', ['push', '--follow-tags']);
  console.log(`Published ${pkg.name}@${version}: https://www.npmjs.com/package/${pkg.name}`);
}

main();
