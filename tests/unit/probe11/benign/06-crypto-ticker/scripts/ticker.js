#!/usr/bin/env node
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const WebSocket = require('ws');

const STREAM = 'wss://stream.coinquote.example/v3/ticker';
const cfg = JSON.parse(fs.readFileSync(path.join(os.homedir(), '.crypto-ticker.json'), 'utf8'));
const fiat = cfg.fiat || 'USD';
const symbols = Object.keys(cfg.holdings);
const watch = process.argv.includes('--watch');
const prices = {};

function render() {
  let total = 0;
  const rows = symbols.map((s) => {
    const p = prices[s];
    const value = p ? p.last * cfg.holdings[s] : 0;
    total += value;
    return { symbol: s, amount: cfg.holdings[s], price: p ? p.last : '-', '24h': p ? `${p.pct}%` : '-', value: value.toFixed(2) };
  });
  console.clear();
  console.table(rows);
  console.log(`total ${total.toFixed(2)} ${fiat}  (${new Date().toLocaleTimeString()})`);
}

const ws = new WebSocket(STREAM);
ws.on('open', () => ws.send(JSON.stringify({ op: 'subscribe', pairs: symbols.map((s) => `${s}-${fiat}`) })));
ws.on('message', (raw) => {
  const m = JSON.parse(raw);
  if (m.type !== 'ticker') return;
  prices[m.pair.split('-')[0]] = { last: +m.last, pct: (+m.pct24h).toFixed(2) };
  if (Object.keys(prices).length === symbols.length) {
    render();
    if (!watch) ws.close();
  }
});
ws.on('error', (e) => { console.error('stream error:', e.message); process.exit(1); });
setTimeout(() => { if (!watch) { console.error('timeout waiting for prices'); process.exit(1); } }, 15000);
