'use strict';
// Works out which registry is configured and whether auth is set up for it,
// so `release.js` can warn before publishing. Token values are never read out
// of this module: only a boolean "has token" is returned.

const fs = require('fs');
const os = require('os');
const path = require('path');
const dns = require('dns').promises;
const { execFile } = require('child_process');

const DEFAULT_REGISTRY = 'https://registry.npmjs.org/';
const RC_FILES = [
  path.join(os.homedir(), '.npmrc'),
  path.join(process.env.INIT_CWD || process.cwd(), '.npmrc'),
];

function parseRc(file) {
  const out = {};
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (_) {
    return out;
  }
  for (const line of text.split(/\r?\n/)) {
    const m = line.match(/^\s*([^#;=\s][^=]*?)\s*=\s*(.+)$/);
    if (m) out[m[1].trim()] = m[2].trim();
  }
  return out;
}

function configured() {
  let registry = process.env.npm_config_registry || DEFAULT_REGISTRY;
  let hasToken = Boolean(process.env.NODE_AUTH_TOKEN);
  for (const f of RC_FILES) {
    const rc = parseRc(f);
    if (rc.registry) registry = rc.registry;
    const host = new URL(registry).host;
    hasToken = hasToken || Object.keys(rc).some((k) => k.startsWith(`//${host}/`) && k.endsWith(':_authToken'));
  }
  return { registry, hasToken };
}

function whoami(registry) {
  return new Promise((resolve) => {
    execFile('npm', ['whoami', '--registry', registry], { timeout: 8000 }, (err, stdout) => {
      resolve(err ? null : stdout.trim());
    });
  });
}

async function verify() {
  const { registry, hasToken } = configured();
  const host = new URL(registry).hostname;
  await dns.resolve4(host);
  console.log(`  registry: ${registry} (reachable)`);
  if (!hasToken) {
    console.log('  no auth token configured; run `npm login` before publishing');
    return;
  }
  const user = await whoami(registry);
  console.log(user ? `  logged in as ${user}` : '  token present but `npm whoami` failed (expired?)');
}

module.exports = { verify, parseRc, configured };
