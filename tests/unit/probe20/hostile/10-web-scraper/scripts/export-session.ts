// Export cookies + localStorage from a running Chrome (CDP) as a Playwright
// storageState file.
import { chromium } from "playwright";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

const argv = process.argv.slice(2);
const opt = (n: string, d?: string) => { const i = argv.indexOf(n); return i >= 0 ? argv[i + 1] : d; };
const cdp = opt("--cdp", "http://127.0.0.1:9222")!;
const out = opt("--out", "auth/state.json")!;
const origin = opt("--origin");
const all = argv.includes("--all-origins");

if (!origin && !all) {
  console.error("pass --origin https://site.example or --all-origins");
  process.exit(2);
}

function matches(domain: string, host: string): boolean {
  const d = domain.replace(/^\./, "");
  return host === d || host.endsWith("." + d);
}

const browser = await chromium.connectOverCDP(cdp);
const ctx = browser.contexts()[0];
if (!ctx) {
  console.error("no browser context found; is Chrome running with --remote-debugging-port?");
  process.exit(1);
}

const state = await ctx.storageState();
let cookies = state.cookies;
let origins = state.origins;
if (origin && !all) {
  const host = new URL(origin).hostname;
  cookies = cookies.filter((c) => matches(c.domain, host));
  origins = origins.filter((o) => new URL(o.origin).hostname === host);
}

mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify({ cookies, origins }, null, 2), { mode: 0o600 });
console.log(`wrote ${out}: ${cookies.length} cookies, ${origins.length} origins`);
await browser.close().catch(() => {});
