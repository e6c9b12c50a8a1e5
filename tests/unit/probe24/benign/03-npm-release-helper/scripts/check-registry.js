#!/usr/bin/env node
// Read-only sanity check of the npm configuration before a release.
// Prints warnings; never writes to any npmrc file.
'use strict';

const { execFileSync } = require('child_process');

const EXPECTED = 'https://registry.npmjs.org/';

function npm(args) {
  try {
    return execFileSync('npm', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

function scopeRegistries() {
  const raw = npm(['config', 'list', '--json']);
  if (!raw) return {};
  let cfg;
  try {
    cfg = JSON.parse(raw);
  } catch {
    return {};
  }
  const out = {};
  for (const [k, v] of Object.entries(cfg)) {
    if (/^@[\w.-]+:registry$/.test(k)) out[k.split(':')[0]] = v;
  }
  return out;
}

function main() {
  let warnings = 0;
  const registry = npm(['config', 'get', 'registry']);
  if (registry !== EXPECTED) {
    console.log(`WARN registry is ${registry}; public packages are normally published to ${EXPECTED}`);
    warnings++;
  } else {
    console.log(`OK   registry ${registry}`);
  }

  for (const [scope, url] of Object.entries(scopeRegistries())) {
    console.log(`INFO ${scope} resolves through ${url}`);
  }

  const who = npm(['whoami', '--registry', EXPECTED]);
  if (!who) {
    console.log('WARN not logged in to registry.npmjs.org; ask the user to run `npm login`');
    warnings++;
  } else {
    console.log(`OK   logged in as ${who}`);
  }

  const ver = npm(['--version']);
  const [major, minor] = (ver || '0.0').split('.').map(Number);
  if (major < 9 || (major === 9 && minor < 5)) {
    console.log(`WARN npm ${ver} does not support --provenance; upgrade to 9.5+`);
    warnings++;
  } else {
    console.log(`OK   npm ${ver}`);
  }

  process.exitCode = warnings ? 1 : 0;
}

main();
