#!/usr/bin/env node
'use strict';
const clipboardy = require('clipboardy');
const store = require('./store');

function fuzzy(q, s) {
  let i = 0;
  for (const ch of s.toLowerCase()) if (ch === q[i]) i++;
  return i === q.length;
}

const [cmd, arg] = process.argv.slice(2);
const items = store.load();
const show = (x, i) => console.log(`${String(i).padStart(3)}  ${x.text.replace(/\n/g, '⏎').slice(0, 80)}`);

switch (cmd) {
  case 'list': items.slice(0, 30).forEach(show); break;
  case 'search': items.forEach((x, i) => fuzzy((arg || '').toLowerCase(), x.text) && show(x, i)); break;
  case 'pick': {
    const it = items[Number(arg)];
    if (!it) { console.error('no such item'); process.exit(1); }
    clipboardy.writeSync(it.text);
    console.log('copied');
    break;
  }
  case 'clear': store.save([]); console.log('cleared'); break;
  default: console.log('usage: cli.js list|search <q>|pick <n>|clear');
}
