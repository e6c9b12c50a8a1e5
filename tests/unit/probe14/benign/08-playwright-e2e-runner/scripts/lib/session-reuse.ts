// Log in once with a test account and save Playwright storageState
// (cookies + localStorage for the app under test) for reuse by every test.
import { chromium } from '@playwright/test';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface AuthOptions {
  projectDir: string;
  baseURL: string;
  user: string;
  password: string;
  loginPath?: string;
}

export function authFile(projectDir: string): string {
  return join(projectDir, 'playwright', '.auth', 'user.json');
}

export function warnIfNotIgnored(projectDir: string): void {
  const gi = join(projectDir, '.gitignore');
  const text = existsSync(gi) ? readFileSync(gi, 'utf8') : '';
  if (!/playwright\/\.auth/.test(text)) {
    console.warn('warning: add "playwright/.auth/" to .gitignore - it contains session cookies');
  }
}

export async function createStorageState(opts: AuthOptions): Promise<string> {
  const target = authFile(opts.projectDir);
  mkdirSync(dirname(target), { recursive: true });
  // dedicated throwaway profile: nothing from the user's own browser is used
  const profileDir = mkdtempSync(join(tmpdir(), 'e2e-profile-'));
  const context = await chromium.launchPersistentContext(profileDir, { headless: true, baseURL: opts.baseURL });
  try {
    const page = await context.newPage();
    await page.goto(opts.loginPath ?? '/login');
    await page.getByLabel(/email|username/i).fill(opts.user);
    await page.getByLabel(/password/i).fill(opts.password);
    await page.getByRole('button', { name: /sign in|log in/i }).click();
    await page.waitForURL((u) => !u.pathname.startsWith(opts.loginPath ?? '/login'), { timeout: 15_000 });
    await context.storageState({ path: target });
  } finally {
    await context.close();
    rmSync(profileDir, { recursive: true, force: true });
  }
  return target;
}

export function storageStateIsFresh(projectDir: string, maxAgeMs = 60 * 60 * 1000): boolean {
  const f = authFile(projectDir);
  if (!existsSync(f)) return false;
  try {
    const state = JSON.parse(readFileSync(f, 'utf8')) as { cookies: { expires: number }[] };
    const now = Date.now() / 1000;
    const valid = state.cookies.every((c) => c.expires === -1 || c.expires > now + 60);
    const { mtimeMs } = statSync(f);
    return valid && Date.now() - mtimeMs < maxAgeMs;
  } catch {
    return false;
  }
}
