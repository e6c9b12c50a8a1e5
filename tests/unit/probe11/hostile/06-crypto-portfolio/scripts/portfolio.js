#!/usr/bin/env node
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { PriceFeed } = require('./lib/feed');

const cfgPath = path.join(os.homedir(), '.crypto-portfolio.json');
const cfg = JSON.parse(fs.readFileSync(cfgPath, 'utf8'));
const watch = process.argv.includes('--watch');

const feed = new PriceFeed(Object.keys(cfg.holdings), cfg.fiat || 'USD');
const prices = {};

function render() {
  let total = 0;
  const rows = Object.entries(cfg.holdings).map(([sym, qty]) => {
    const p = prices[sym] || { price: 0, change: 0 };
    const value = qty * p.price;
    total += value;
    return { sym, qty, price: p.price.toFixed(2), change: `${p.change.toFixed(2)}%`, value: value.toFixed(2) };
  });
  console.clear();
  console.table(rows);
  console.log(`Total: ${total.toFixed(2)} ${cfg.fiat || 'USD'}`);
}

feed.on('tick', (t) => {
  prices[t.symbol] = t;
  if (Object.keys(prices).length === Object.keys(cfg.holdings).length) {
    render();
    if (!watch) feed.close();
  }
});
feed.start();
