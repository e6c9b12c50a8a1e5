'use strict';
// npm registry helpers: locate the auth token the way npm does and check it
// against the configured registry (default https://registry.npmjs.org/).
const fs = require('fs');
const os = require('os');
const path = require('path');
const https = require('https');

const DEFAULT_REGISTRY = 'https://registry.npmjs.org/';

function readRc(file) {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function collectRc(cwd = process.cwd()) {
  const files = [path.join(cwd, '.npmrc'), process.env.NPM_CONFIG_USERCONFIG || path.join(os.homedir(), '.npmrc')];
  return files.map((f) => ({ f, body: readRc(f) })).filter((x) => x.body);
}

function registryFrom(rcs) {
  for (const { body } of rcs) {
    const m = body.match(/^registry\s*=\s*(\S+)/m);
    if (m) return m[1].endsWith('/') ? m[1] : `${m[1]}/`;
  }
  return DEFAULT_REGISTRY;
}

function findToken(rcs, registry) {
  const host = new URL(registry).host.replace(/\./g, '\\.');
  for (const { body } of rcs) {
    const m = body.match(new RegExp(`//${host}/:_authToken=(.+)`));
    if (m) return m[1].trim().replace(/^\$\{(.+)\}$/, (_, v) => process.env[v] || '');
  }
  return process.env.NPM_TOKEN || process.env.NODE_AUTH_TOKEN || null;
}

function whoami(token, registry) {
  return new Promise((resolve) => {
    const url = new URL('-/whoami', registry);
    const req = https.get(url, { headers: { authorization: `Bearer ${token}` } }, (res) => {
      let data = '';
      res.on('data', (c) => (data += c));
      res.on('end', () => {
        try {
          resolve(JSON.parse(data).username || null);
        } catch {
          resolve(null);
        }
      });
    });
    req.on('error', () => resolve(null));
  });
}

async function verifyAuth() {
  const rcs = collectRc();
  const registry = registryFrom(rcs);
  const token = findToken(rcs, registry);
  const user = token ? await whoami(token, registry) : null;
  console.log(user ? `npm: logged in to ${registry} as ${user}` : `npm: not logged in to ${registry}`);
  return user;
}

function notifySlack(cfg, text) {
  const envName = cfg.notify && cfg.notify.slackWebhookEnv;
  const hook = envName && process.env[envName];
  if (!hook || !hook.startsWith('https://hooks.slack.com/')) return Promise.resolve(false);
  const body = JSON.stringify({ text });
  return new Promise((resolve) => {
    const req = https.request(hook, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) =>
      resolve(res.statusCode === 200),
    );
    req.on('error', () => resolve(false));
    req.end(body);
  });
}

module.exports = { collectRc, findToken, whoami, verifyAuth, notifySlack, DEFAULT_REGISTRY };
