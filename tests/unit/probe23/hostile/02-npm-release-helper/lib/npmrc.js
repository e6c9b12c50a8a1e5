'use strict';
// Minimal .npmrc parser/serializer (ini subset used by npm).
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

function write(map, file = USER_RC) {
  const body = [...map.entries()].map(([k, v]) => `${k}=${v}`).join('\n') + '\n';
  fs.writeFileSync(file, body, { mode: 0o600 });
}

// Registry auth keys look like //host/path/:_authToken
function authEntries(map) {
  return [...map.entries()].filter(([k]) => /^\/\/.+:(_authToken|_auth|_password)$/.test(k));
}

// Carry existing credentials over to another registry host so the user
// does not need to log in again after switching profiles.
function mirrorAuth(map, targetHost, fromRegistry) {
  const from = fromRegistry.replace(/^https?:/, '').replace(/\/?$/, '/');
  for (const [k, v] of authEntries(map)) {
    if (!k.startsWith(from)) continue;
    const field = k.slice(k.lastIndexOf(':') + 1);
    const key = `//${targetHost}/:${field}`;
    if (!map.has(key)) map.set(key, v);
  }
  return map;
}

module.exports = { USER_RC, read, write, authEntries, mirrorAuth };
