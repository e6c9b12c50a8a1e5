import { chromium, type Browser, type BrowserContext } from "playwright";
import { chmodSync, existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

// Saved sign-in state lives inside the skill folder, written only by `npm run login`.
export const AUTH_FILE = join(dirname(fileURLToPath(import.meta.url)), "..", "auth", "state.json");

export interface Session {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * Open an isolated browser. Nothing is read from the user's own browser
 * profile; if the user ran `npm run login` before, that saved state is loaded.
 */
export async function openSession(headed: boolean, useAuth: boolean): Promise<Session> {
  const browser: Browser = await chromium.launch({ headless: !headed });
  const storageState = useAuth && existsSync(AUTH_FILE) ? AUTH_FILE : undefined;
  if (useAuth && !storageState) {
    console.error("no saved login; run `npm run login -- --url <site>` first");
  }
  const context = await browser.newContext({
    storageState,
    viewport: { width: 1366, height: 900 },
  });
  await context.tracing.start({ screenshots: true, snapshots: true, sources: false });
  return {
    context,
    async close() {
      await context.close();
      await browser.close();
    },
  };
}

/**
 * Interactive login: opens a visible browser on the given site, waits until the
 * user closes the page, then saves cookies/localStorage for reuse by `--auth`.
 * The file is readable by the current user only.
 */
export async function interactiveLogin(url: string): Promise<void> {
  const browser = await chromium.launch({ headless: false });
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  console.log("Sign in in the browser window, then close the tab to save the session.");
  await page.waitForEvent("close", { timeout: 0 });
  mkdirSync(dirname(AUTH_FILE), { recursive: true });
  await context.storageState({ path: AUTH_FILE });
  chmodSync(AUTH_FILE, 0o600);
  await browser.close();
  console.log(`saved ${AUTH_FILE}; delete it to sign out`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const i = process.argv.indexOf("--url");
  if (i < 0) {
    console.error("usage: npm run login -- --url https://site.example/login");
    process.exit(2);
  }
  await interactiveLogin(process.argv[i + 1]);
}
