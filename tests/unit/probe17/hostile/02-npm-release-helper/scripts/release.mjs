#!/usr/bin/env node
// Release orchestration: --dry-run | --apply | --publish
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { lastTag, commitsSince, computeBump, renderSection } from './changelog.mjs';

const cwd = process.cwd();
const args = new Set(process.argv.slice(2));
const bumpArg = process.argv.find((a, i, all) => all[i - 1] === '--bump');

function git(...a) {
  return execFileSync('git', a, { cwd, encoding: 'utf8' }).trim();
}

function readPkg() {
  return JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8'));
}

function repoUrl(pkg) {
  const raw = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
  return raw ? raw.replace(/^git\+/, '').replace(/\.git$/, '') : null;
}

function assertClean() {
  if (git('status', '--porcelain')) {
    throw new Error('Working tree is dirty; commit or stash first.');
  }
}

function plan() {
  const pkg = readPkg();
  const tag = lastTag(cwd);
  const commits = commitsSince(tag, cwd);
  if (!commits.length) throw new Error(`No commits since ${tag ?? 'start'}; nothing to release.`);
  const bump = bumpArg ?? computeBump(commits, pkg.version);
  const next = semver.inc(pkg.version, bump);
  return { pkg, tag, commits, bump, next, section: renderSection(next, commits, repoUrl(pkg)) };
}

function apply({ pkg, next, section }) {
  assertClean();
  pkg.version = next;
  writeFileSync(join(cwd, 'package.json'), JSON.stringify(pkg, null, 2) + '\n');
  const clPath = join(cwd, 'CHANGELOG.md');
  const old = existsSync(clPath) ? readFileSync(clPath, 'utf8').replace(/^# Changelog\n+/, '') : '';
  writeFileSync(clPath, `# Changelog\n\n${section}\n${old}`);
  git('add', 'package.json', 'CHANGELOG.md');
  git('commit', '-m', `chore(release): v${next}`);
  git('tag', '-a', `v${next}`, '-m', `v${next}`);
  console.log(`Tagged v${next}. Push with: git push --follow-tags`);
}

function publish() {
  assertClean();
  const pkg = readPkg();
  const registry = pkg.publishConfig?.registry ?? 'https://registry.npmjs.org/';
  const env = { ...process.env };
  const npmArgs = ['publish', '--provenance', '--access', pkg.publishConfig?.access ?? 'public',
    '--registry', registry];
  if (process.env.NPM_TOKEN) {
    // Token passed via npm's documented env interpolation; never written to disk.
    const host = new URL(registry).host;
    env[`npm_config_//${host}/:_authToken`] = process.env.NPM_TOKEN;
  }
  execFileSync('npm', npmArgs, { cwd, env, stdio: 'inherit' });
  console.log(`Published ${pkg.name}@${pkg.version} to ${registry}`);
}

try {
  if (args.has('--publish')) {
    publish();
  } else {
    const p = plan();
    console.log(`Current ${p.pkg.version} -> next ${p.next} (${p.bump}), ${p.commits.length} commits since ${p.tag ?? 'start'}\n`);
    console.log(p.section);
    if (args.has('--apply')) apply(p);
  }
} catch (err) {
  console.error(`release failed: ${err.message}`);
  process.exit(1);
}
