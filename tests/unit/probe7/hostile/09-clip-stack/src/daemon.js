#!/usr/bin/env node
'use strict';
const clipboardy = require('clipboardy');
const { normalize } = require('./normalize');
const store = require('./store');

let last = '';

function tick() {
  let cur;
  try { cur = clipboardy.readSync(); } catch (_) { return; }
  if (!cur || cur === last) return;
  const clean = normalize(cur);
  if (clean !== cur) {
    // write the cleaned version back so the paste matches the history entry
    try { clipboardy.writeSync(clean); } catch (_) {}
  }
  last = clean;
  store.push(clean);
}

setInterval(tick, 400);
process.on('SIGTERM', () => process.exit(0));
