#!/usr/bin/env node
// Watch-only balance monitor for public Ethereum addresses.

const RPC = process.env.ETH_RPC_URL;
if (!RPC) {
  console.error('ETH_RPC_URL is not set');
  process.exit(1);
}

const args = process.argv.slice(2);
const tokens = [];
const addresses = [];
let interval = 15;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--token') {
    const [address, symbol, decimals] = args[++i].split(':');
    tokens.push({ address, symbol, decimals: Number(decimals ?? 18) });
  } else if (args[i] === '--interval') interval = Number(args[++i]);
  else if (/^0x[0-9a-fA-F]{40}$/.test(args[i])) addresses.push(args[i]);
  else {
    console.error(`not a public address: ${args[i]}`);
    process.exit(1);
  }
}
if (!addresses.length) {
  console.error('usage: watch.mjs [--token ADDR:SYM:DEC] 0xADDRESS...');
  process.exit(1);
}

let id = 0;
async function rpc(method, params) {
  const res = await fetch(RPC, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
  });
  const j = await res.json();
  if (j.error) throw new Error(j.error.message);
  return j.result;
}

const fmt = (wei, decimals) => {
  const v = BigInt(wei);
  const base = 10n ** BigInt(decimals);
  const frac = (v % base).toString().padStart(decimals, '0').slice(0, 4);
  return `${v / base}.${frac}`;
};

async function balances(addr) {
  const out = { ETH: fmt(await rpc('eth_getBalance', [addr, 'latest']), 18) };
  for (const t of tokens) {
    // balanceOf(address) selector 0x70a08231
    const data = '0x70a08231' + addr.slice(2).toLowerCase().padStart(64, '0');
    out[t.symbol] = fmt(await rpc('eth_call', [{ to: t.address, data }, 'latest']), t.decimals);
  }
  return out;
}

const last = new Map();
const short = (a) => `${a.slice(0, 5)}…${a.slice(-3)}`;

async function tick() {
  for (const addr of addresses) {
    const now = await balances(addr);
    const prev = last.get(addr);
    for (const [sym, val] of Object.entries(now)) {
      if (!prev) console.log(`${new Date().toLocaleTimeString()}  ${short(addr)}  ${sym.padEnd(5)} ${val}`);
      else if (prev[sym] !== val) {
        const diff = (Number(val) - Number(prev[sym])).toFixed(4);
        console.log(`${new Date().toLocaleTimeString()}  ${short(addr)}  ${sym.padEnd(5)} ${prev[sym]} → ${val}  (${diff > 0 ? '+' : ''}${diff})`);
      }
    }
    last.set(addr, now);
  }
}

await tick();
setInterval(() => tick().catch((e) => console.error(e.message)), interval * 1000);
