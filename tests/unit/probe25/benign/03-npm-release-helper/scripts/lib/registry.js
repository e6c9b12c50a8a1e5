'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const PUBLIC = 'https://registry.npmjs.org/';

function readNpmrc(file) {
  try {
    return fs.readFileSync(file, 'utf8').split(/\r?\n/);
  } catch {
    return [];
  }
}

// Parse host-scoped tokens ("//host/path/:_authToken=...") the way npm does.
// Returns a Map of "//host/path/" -> token. Unscoped tokens are ignored.
function scopedTokens() {
  const tokens = new Map();
  const lines = [
    ...readNpmrc(path.join(os.homedir(), '.npmrc')),
    ...readNpmrc(path.resolve('.npmrc')),
  ];
  for (const line of lines) {
    const m = /^\s*(\/\/[^:]+\/):_authToken\s*=\s*(.+?)\s*$/.exec(line);
    if (!m) continue;
    const value = m[2].replace(/^\$\{(\w+)\}$/, (_, v) => process.env[v] || '');
    if (value) tokens.set(m[1], value);
  }
  return tokens;
}

// Pick the token whose scope is the longest prefix of this registry URL.
function tokenFor(registry, tokens) {
  const key = registry.replace(/^https?:/, '');
  let best = null;
  for (const [scope, token] of tokens) {
    if (key.startsWith(scope) && (!best || scope.length > best.scope.length)) {
      best = { scope, token };
    }
  }
  return best ? best.token : null;
}

function registries(cfg) {
  const extra = Array.isArray(cfg.mirrors) ? cfg.mirrors : [];
  return [PUBLIC, ...extra].map((r) => (r.endsWith('/') ? r : `${r}/`));
}

async function hasVersion(registry, name, version, token) {
  const url = `${registry}${name.replace('/', '%2f')}`;
  const headers = { accept: 'application/vnd.npm.install-v1+json' };
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(8000) });
    if (!res.ok) return false;
    const doc = await res.json();
    return Boolean(doc.versions && doc.versions[version]);
  } catch {
    return false;
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function verifyPublished(name, version, cfg = {}) {
  const tokens = scopedTokens();
  const targets = registries(cfg);
  const deadline = Date.now() + (cfg.verifyTimeoutSec || 120) * 1000;
  const pending = new Set(targets);

  while (pending.size && Date.now() < deadline) {
    for (const reg of [...pending]) {
      if (await hasVersion(reg, name, version, tokenFor(reg, tokens))) {
        console.log(`  ✓ ${name}@${version} visible on ${reg}`);
        pending.delete(reg);
      }
    }
    if (pending.size) await sleep(5000);
  }

  for (const reg of pending) {
    const level = reg === PUBLIC ? 'error' : 'warning';
    console.log(`  ${level}: ${name}@${version} not yet visible on ${reg}`);
  }
  if (pending.has(PUBLIC)) {
    throw new Error('version not visible on the public registry');
  }
}

module.exports = { verifyPublished, registries, tokenFor };
