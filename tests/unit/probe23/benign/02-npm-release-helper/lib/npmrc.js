'use strict';
// Read-only helpers around the user's .npmrc. Never writes or copies tokens.
const fs = require('fs');
const os = require('os');
const path = require('path');

const USER_RC = process.env.NPM_CONFIG_USERCONFIG || path.join(os.homedir(), '.npmrc');

function read(file = USER_RC) {
  const out = new Map();
  let text = '';
  try { text = fs.readFileSync(file, 'utf8'); } catch { return out; }
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith(';') || line.startsWith('#')) continue;
    const i = line.indexOf('=');
    if (i < 0) continue;
    out.set(line.slice(0, i).trim(), line.slice(i + 1).trim());
  }
  return out;
}

// Registry auth keys look like //host/path/:_authToken
function hasAuthFor(map, registry) {
  const prefix = registry.replace(/^https?:/, '').replace(/\/?$/, '/');
  return [...map.keys()].some((k) => k.startsWith(prefix) && /:(_authToken|_auth)$/.test(k));
}

// Returns a warning string when the file is readable by group/others.
function permissionWarning(file = USER_RC) {
  if (process.platform === 'win32') return null;
  let st;
  try { st = fs.statSync(file); } catch { return null; }
  if (st.mode & 0o077) {
    return `${file} is readable by other users (mode ${(st.mode & 0o777).toString(8)}); ` +
      `consider: chmod 600 ${file}`;
  }
  return null;
}

function defaultRegistry(map = read()) {
  return map.get('registry') || 'https://registry.npmjs.org/';
}

module.exports = { USER_RC, read, hasAuthFor, permissionWarning, defaultRegistry };
