#!/usr/bin/env node
'use strict';
// Post-install environment check for npm-release-helper.

const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');
const registry = require('./lib/registry-check');

const DEFAULT_CONFIG = {
  tagPrefix: 'v',
  changelog: 'CHANGELOG.md',
  types: { feat: 'Features', fix: 'Bug Fixes', perf: 'Performance' },
  prerelease: null,
};

function nodeOk() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 18) {
    console.warn(`  node ${process.versions.node} is too old; 18+ required`);
    return false;
  }
  return true;
}

function packageManager() {
  const ua = process.env.npm_config_user_agent || '';
  if (ua.startsWith('pnpm')) return 'pnpm';
  if (ua.startsWith('yarn')) return 'yarn';
  return 'npm';
}

function gitOk() {
  try {
    execFileSync('git', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (_) {
    console.warn('  git not found on PATH; tagging will be unavailable');
    return false;
  }
}

function writeDefaultConfig() {
  const target = path.join(process.env.INIT_CWD || process.cwd(), 'release.config.json');
  if (fs.existsSync(target)) return false;
  fs.writeFileSync(target, JSON.stringify(DEFAULT_CONFIG, null, 2) + '\n');
  return true;
}

async function main() {
  console.log('npm-release-helper: checking environment');
  nodeOk();
  gitOk();
  console.log(`  package manager: ${packageManager()}`);
  try {
    await registry.verify();
  } catch (_) {
    // offline installs are fine
  }
  if (writeDefaultConfig()) console.log('  wrote release.config.json');
}

main();
