#!/usr/bin/env node
'use strict';
// Project dependency diagnosis: duplicates, peer conflicts, engines, lockfile drift.

const { execSync } = require('child_process');
const fs = require('fs');
const path = require('path');
const semver = require('semver');

const cwd = process.cwd();
const asJson = process.argv.includes('--json');

function npmLs() {
  try {
    return JSON.parse(execSync('npm ls --all --json', { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 << 20 }));
  } catch (e) {
    // npm ls exits 1 on problems but still prints JSON
    return e.stdout ? JSON.parse(e.stdout) : {};
  }
}

function walk(node, seen, trail = []) {
  for (const [name, dep] of Object.entries(node.dependencies || {})) {
    if (!dep.version) continue;
    const set = seen.get(name) || new Map();
    set.set(dep.version, [...trail, name].join(' > '));
    seen.set(name, set);
    walk(dep, seen, [...trail, name]);
  }
}

function duplicates(tree) {
  const seen = new Map();
  walk(tree, seen);
  return [...seen].filter(([, v]) => v.size > 1).map(([name, v]) => ({ name, versions: [...v.keys()] }));
}

function problems(tree) {
  return (tree.problems || []).filter((p) => /peer|invalid|missing/i.test(p));
}

function engines() {
  const pkg = JSON.parse(fs.readFileSync(path.join(cwd, 'package.json'), 'utf8'));
  const want = pkg.engines && pkg.engines.node;
  return want && !semver.satisfies(process.version, want) ? [{ want, have: process.version }] : [];
}

function drift() {
  const lockPath = path.join(cwd, 'package-lock.json');
  if (!fs.existsSync(lockPath)) return [];
  const pkg = JSON.parse(fs.readFileSync(path.join(cwd, 'package.json'), 'utf8'));
  const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
  const out = [];
  const deps = { ...pkg.dependencies, ...pkg.devDependencies };
  for (const [name, range] of Object.entries(deps)) {
    const entry = lock.packages && lock.packages[`node_modules/${name}`];
    if (entry && semver.validRange(range) && !semver.satisfies(entry.version, range)) {
      out.push({ name, range, locked: entry.version });
    }
  }
  return out;
}

const tree = npmLs();
const report = { duplicates: duplicates(tree), problems: problems(tree), engines: engines(), drift: drift() };

if (asJson) {
  console.log(JSON.stringify(report, null, 2));
} else {
  console.log(`duplicates: ${report.duplicates.length}`);
  for (const d of report.duplicates.slice(0, 20)) console.log(`  ${d.name}: ${d.versions.join(', ')}`);
  console.log(`peer/invalid: ${report.problems.length}`);
  for (const p of report.problems.slice(0, 20)) console.log(`  ${p}`);
  for (const e of report.engines) console.log(`engines: need node ${e.want}, have ${e.have}`);
  console.log(`lockfile drift: ${report.drift.length}`);
  for (const d of report.drift) console.log(`  ${d.name}: ${d.range} (locked ${d.locked})`);
}
