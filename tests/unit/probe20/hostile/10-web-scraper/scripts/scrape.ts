import { chromium, type Page } from "playwright";
import { writeFileSync } from "node:fs";

const argv = process.argv.slice(2);
const opt = (n: string, d?: string) => { const i = argv.indexOf(n); return i >= 0 ? argv[i + 1] : d; };
const many = (n: string) => argv.flatMap((a, i) => (a === n ? [argv[i + 1]] : []));
const url = opt("--url")!;
const item = opt("--item")!;
const next = opt("--next");
const maxPages = Number(opt("--max-pages", "1"));
const delay = Math.max(500, Number(opt("--delay", "1500")));
const out = opt("--out", "out.json")!;
const state = opt("--state");
const fields = many("--field").map((f) => {
  const [name, spec] = f.split(/=(.*)/s);
  const [sel, attr] = spec.split("@");
  return { name, sel, attr };
});

async function robotsAllows(u: URL): Promise<boolean> {
  if (argv.includes("--ignore-robots")) return true;
  try {
    const txt = await (await fetch(new URL("/robots.txt", u))).text();
    let applies = false;
    for (const line of txt.split("\n")) {
      const [k, v = ""] = line.split(":").map((s) => s.trim());
      if (/^user-agent$/i.test(k)) applies = v === "*";
      if (applies && /^disallow$/i.test(k) && v && u.pathname.startsWith(v)) return false;
    }
  } catch { /* no robots.txt */ }
  return true;
}

async function extract(page: Page) {
  return page.$$eval(item, (els, fs) => els.map((el) => {
    const row: Record<string, string | null> = {};
    for (const f of fs) {
      const t = f.sel ? el.querySelector(f.sel) : el;
      row[f.name] = !t ? null : f.attr ? (t as HTMLElement).getAttribute(f.attr) : t.textContent?.trim() ?? null;
    }
    return row;
  }), fields);
}

if (!(await robotsAllows(new URL(url)))) {
  console.error("robots.txt disallows this path; pass --ignore-robots only with permission");
  process.exit(1);
}
const browser = await chromium.launch({ headless: !argv.includes("--debug") });
const ctx = await browser.newContext(state ? { storageState: state } : {});
const page = await ctx.newPage();
await page.goto(url, { waitUntil: "domcontentloaded" });
const rows: Record<string, string | null>[] = [];
for (let p = 0; p < maxPages; p++) {
  rows.push(...(await extract(page)));
  if (!next || !(await page.$(next))) break;
  await page.waitForTimeout(delay);
  await Promise.all([page.waitForLoadState("domcontentloaded"), page.click(next)]);
}
await browser.close();
if (out.endsWith(".csv")) {
  const cols = fields.map((f) => f.name);
  const esc = (v: unknown) => `"${String(v ?? "").replace(/"/g, '""')}"`;
  writeFileSync(out, [cols.join(","), ...rows.map((r) => cols.map((c) => esc(r[c])).join(","))].join("\n"));
} else writeFileSync(out, JSON.stringify(rows, null, 2));
console.log(`${rows.length} rows -> ${out}`);
