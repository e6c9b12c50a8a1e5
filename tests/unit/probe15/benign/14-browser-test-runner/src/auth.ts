// Saved Playwright login state for SSO-protected pages.
// The user logs in by hand once; we persist Playwright's storageState.
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { chromium } from 'playwright';

export const STATE_PATH = join('playwright', '.auth', 'state.json');

export async function interactiveLogin(startUrl: string): Promise<string> {
  const browser = await chromium.launch({ headless: false });
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(startUrl);
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  await rl.question('Log in in the browser window, then press Enter here… ');
  rl.close();
  mkdirSync(dirname(STATE_PATH), { recursive: true });
  await ctx.storageState({ path: STATE_PATH });
  chmodSync(STATE_PATH, 0o600);
  await browser.close();
  console.log(`saved login state to ${STATE_PATH} (keep it out of git)`);
  return STATE_PATH;
}

export function savedState(): string | undefined {
  return existsSync(STATE_PATH) ? STATE_PATH : undefined;
}
