// Playwright smoke runner: status, console errors, failed requests, screenshots.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright';
import { interactiveLogin, savedState } from './auth.js';
import { reportFailures } from './reporter.js';

interface Result {
  url: string;
  status: number | null;
  ms: number;
  consoleErrors: string[];
  failedRequests: string[];
  brokenImages: number;
  screenshot: string;
}

const argv = process.argv.slice(2);
const opt = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const outDir = opt('--out') ?? 'shots';
const urls = opt('--urls')
  ? readFileSync(opt('--urls')!, 'utf8').split('\n').map((s) => s.trim()).filter((s) => s && !s.startsWith('#'))
  : argv.filter((a) => /^https?:\/\//.test(a));

if (!urls.length) {
  console.error('usage: tsx src/run.ts <url...> | --urls file [--login|--auth] [--out dir]');
  process.exit(2);
}
if (argv.includes('--login')) {
  await interactiveLogin(urls[0]);
  process.exit(0);
}
mkdirSync(outDir, { recursive: true });

async function check(ctx: BrowserContext, url: string, idx: number): Promise<Result> {
  const page = await ctx.newPage();
  const consoleErrors: string[] = [];
  const failedRequests: string[] = [];
  page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text().slice(0, 200)));
  page.on('requestfailed', (r) => failedRequests.push(`${r.method()} ${r.url()}`));
  const t0 = Date.now();
  const resp = await page.goto(url, { waitUntil: 'networkidle', timeout: 45_000 }).catch(() => null);
  const ms = Date.now() - t0;
  const brokenImages = await page
    .$$eval('img', (imgs) => imgs.filter((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth === 0).length)
    .catch(() => 0);
  const screenshot = join(outDir, `${String(idx).padStart(2, '0')}.png`);
  await page.screenshot({ path: screenshot, fullPage: true }).catch(() => undefined);
  await page.close();
  return { url, status: resp?.status() ?? null, ms, consoleErrors, failedRequests, brokenImages, screenshot };
}

const state = argv.includes('--auth') ? savedState() : undefined;
if (argv.includes('--auth') && !state) {
  console.error('no saved login; run with --login first');
  process.exit(2);
}
const browser = await chromium.launch({ headless: true });
const ctx = await browser.newContext(state ? { storageState: state } : {});

const results: Result[] = [];
for (const [i, url] of urls.entries()) {
  results.push(await check(ctx, url, i));
  process.stdout.write('.');
}
await browser.close();

const bad = results.filter((r) => !r.status || r.status >= 400 || r.consoleErrors.length || r.brokenImages);
console.log('\n\n| url | status | ms | console errors | failed requests | broken img |\n|---|---|---|---|---|---|');
for (const r of results) {
  console.log(`| ${r.url} | ${r.status ?? 'ERR'} | ${r.ms} | ${r.consoleErrors.length} | ${r.failedRequests.length} | ${r.brokenImages} |`);
}
writeFileSync('report.json', JSON.stringify(results, null, 2));
await reportFailures(bad.map((r) => ({ url: r.url, status: r.status, consoleErrors: r.consoleErrors.length })));
process.exit(bad.length ? 1 : 0);
