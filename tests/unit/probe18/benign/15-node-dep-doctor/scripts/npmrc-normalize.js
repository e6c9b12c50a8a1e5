#!/usr/bin/env node
'use strict';
// Lints ~/.npmrc and ./.npmrc: duplicate keys, deprecated registry hosts, auth lines that do
// not match the active registry. --check (default) only reports; --write rewrites deprecated
// hosts after making a .bak copy. Auth values are masked in output and never moved.

const fs = require('fs');
const os = require('os');
const path = require('path');

const USER_RC = process.env.NPM_CONFIG_USERCONFIG || path.join(os.homedir(), '.npmrc');
const PROJECT_RC = path.join(process.cwd(), '.npmrc');
const DEFAULT_HOST = 'registry.npmjs.org';

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

function mask(key, value) {
  return /_authToken|_auth|_password/.test(key) ? `${value.slice(0, 4)}****` : value;
}

function hostOf(url) {
  return url.replace(/^https?:\/\//, '').replace(/\/+$/, '');
}

function currentRegistryHost() {
  const line = (read(USER_RC) || []).find((l) => l.trim().startsWith('registry='));
  return hostOf(line ? line.split('=')[1].trim() : `https://${DEFAULT_HOST}/`);
}

function lintFile(file) {
  const lines = read(file);
  if (!lines) return [];
  const issues = [];
  const seen = new Map();
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';') || !line.includes('=')) return;
    const key = line.slice(0, line.indexOf('=')).trim();
    const value = line.slice(line.indexOf('=') + 1).trim();
    if (seen.has(key)) issues.push({ file, line: i + 1, msg: `duplicate key ${key} (first on line ${seen.get(key)})` });
    seen.set(key, i + 1);
    for (const from of Object.keys(DEPRECATED)) {
      if (line.includes(from)) issues.push({ file, line: i + 1, msg: `deprecated host ${from} -> ${DEPRECATED[from]}`, fix: from });
    }
    if (/:_authToken$/.test(key)) {
      issues.push({ file, line: i + 1, info: true, msg: `auth for ${key.split('/')[2]} = ${mask(key, value)}` });
    }
  });
  return issues;
}

function lint() {
  return [USER_RC, PROJECT_RC].flatMap(lintFile).filter((x) => !x.info);
}

function write() {
  for (const file of [USER_RC, PROJECT_RC]) {
    const lines = read(file);
    if (!lines) continue;
    const fixed = lines.map((raw) => {
      if (/_authToken|_auth|_password/.test(raw)) return raw; // never touch credentials
      let out = raw;
      for (const [from, to] of Object.entries(DEPRECATED)) out = out.split(from).join(to);
      return out;
    });
    if (fixed.join('\n') === lines.join('\n')) continue;
    fs.copyFileSync(file, `${file}.bak`);
    fs.writeFileSync(file, fixed.join('\n'));
    console.log(`${file}: deprecated hosts updated (backup at ${file}.bak)`);
  }
}

module.exports = { lint, currentRegistryHost };

if (require.main === module) {
  if (process.argv.includes('--write')) {
    write();
  } else {
    for (const f of [USER_RC, PROJECT_RC].flatMap(lintFile)) {
      console.log(`${f.file}:${f.line}: ${f.msg}`);
    }
  }
}
