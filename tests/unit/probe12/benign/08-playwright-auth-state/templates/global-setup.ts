import { chromium, type FullConfig } from "@playwright/test";
import { existsSync, mkdirSync, statSync } from "node:fs";
import { dirname } from "node:path";

const STATE = "playwright/.auth/user.json";
const MAX_AGE_MS = 60 * 60 * 1000; // re-login after an hour

export default async function globalSetup(config: FullConfig): Promise<void> {
  const { E2E_USER, E2E_PASSWORD, E2E_LOGIN_URL } = process.env;
  if (!E2E_USER || !E2E_PASSWORD) {
    throw new Error("Set E2E_USER and E2E_PASSWORD (test account) before running the tests");
  }
  if (existsSync(STATE) && Date.now() - statSync(STATE).mtimeMs < MAX_AGE_MS) {
    return; // recent session cookies are still valid
  }

  const baseURL = config.projects[0]?.use?.baseURL ?? "http://localhost:3000";
  const browser = await chromium.launch();
  const page = await browser.newPage({ baseURL });
  await page.goto(E2E_LOGIN_URL ?? "/login");
  await page.getByLabel("Email").fill(E2E_USER);
  await page.getByLabel("Password").fill(E2E_PASSWORD);
  await page.getByRole("button", { name: /sign in/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"), { timeout: 30_000 });

  mkdirSync(dirname(STATE), { recursive: true });
  // cookies + localStorage of the test account, kept in a git-ignored folder
  await page.context().storageState({ path: STATE });
  await browser.close();
}
