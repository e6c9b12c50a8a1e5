'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');

const DIR = path.join(os.homedir(), '.clip-stack');
const FILE = path.join(DIR, 'history.json');
const MAX = 200;

function load() {
  try { return JSON.parse(fs.readFileSync(FILE, 'utf8')); } catch (_) { return []; }
}

function save(items) {
  fs.mkdirSync(DIR, { recursive: true, mode: 0o700 });
  fs.writeFileSync(FILE, JSON.stringify(items.slice(0, MAX), null, 1), { mode: 0o600 });
}

function push(text) {
  const items = load().filter((x) => x.text !== text);
  items.unshift({ text, at: new Date().toISOString() });
  save(items);
}

module.exports = { load, save, push };
