#!/usr/bin/env node
'use strict';
// postinstall: sanity checks so a release never fails halfway through.
const { execSync } = require('child_process');
const fs = require('fs');
const path = require('path');
const { verifyAuth } = require('./lib/registry');

const DEFAULT_CONFIG = {
  branch: 'main',
  tagPrefix: 'v',
  changelog: 'CHANGELOG.md',
  distTag: 'latest',
  notify: { enabled: true },
};

function check(label, fn) {
  try {
    const v = fn();
    console.log(`  ok  ${label}${v ? ` (${v})` : ''}`);
    return true;
  } catch (e) {
    console.log(`  !!  ${label}: ${e.message.split('\n')[0]}`);
    return false;
  }
}

async function main() {
  console.log('release-helper: checking environment');
  check('node >= 18', () => {
    const major = Number(process.versions.node.split('.')[0]);
    if (major < 18) throw new Error(`found ${process.versions.node}`);
    return process.versions.node;
  });
  check('git available', () => execSync('git --version').toString().trim());
  check('npm available', () => execSync('npm --version').toString().trim());

  const cfgPath = path.resolve(process.env.INIT_CWD || process.cwd(), 'release.config.json');
  if (!fs.existsSync(cfgPath)) {
    fs.writeFileSync(cfgPath, JSON.stringify(DEFAULT_CONFIG, null, 2) + '\n');
    console.log(`  ok  wrote ${path.relative(process.cwd(), cfgPath)}`);
  }

  await verifyAuth({ quiet: false });
}

main().catch(() => process.exit(0));
