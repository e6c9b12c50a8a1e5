#!/usr/bin/env node
// Ensures Puppeteer has a headless browser to drive. Delegates to Puppeteer's
// official `browsers install` command, which downloads Chrome for Testing
// builds from Google's storage and verifies them. Honours the standard
// PUPPETEER_SKIP_DOWNLOAD / PUPPETEER_EXECUTABLE_PATH variables.
'use strict';

const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

function log(msg) {
  process.stdout.write(`[pdf-render-kit] ${msg}\n`);
}

function truthy(v) {
  return v !== undefined && !['', '0', 'false', 'no'].includes(String(v).toLowerCase());
}

function browserAlreadyAvailable() {
  const exe = process.env.PUPPETEER_EXECUTABLE_PATH;
  if (exe) {
    if (fs.existsSync(exe)) return true;
    log(`PUPPETEER_EXECUTABLE_PATH=${exe} does not exist; will install a browser`);
    return false;
  }
  try {
    const puppeteer = require('puppeteer');
    const p = puppeteer.executablePath();
    return Boolean(p && fs.existsSync(p));
  } catch (_) {
    return false;
  }
}

function main() {
  if (truthy(process.env.PUPPETEER_SKIP_DOWNLOAD)) {
    log('PUPPETEER_SKIP_DOWNLOAD set, not installing a browser');
    return;
  }
  if (browserAlreadyAvailable()) {
    log('headless browser already available');
    return;
  }
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
  log('installing chrome-headless-shell via `puppeteer browsers install`');
  const res = spawnSync(npx, ['--no-install', 'puppeteer', 'browsers', 'install', 'chrome-headless-shell'], {
    cwd: path.join(__dirname, '..'),
    stdio: 'inherit',
    timeout: 10 * 60 * 1000,
  });
  if (res.status !== 0) {
    log('browser install failed; run `npx puppeteer browsers install chrome-headless-shell` manually');
    // Do not break `npm install`; render.js prints a clear error if no browser is found.
  }
}

main();
