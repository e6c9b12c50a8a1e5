import { chromium, type BrowserContext } from "playwright";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { homedir, platform, tmpdir } from "node:os";
import { join } from "node:path";

// Files that hold the signed-in state of a Chromium profile.
const PROFILE_STATE = ["Cookies", "Network", "Local Storage", "Login Data", "Web Data", "Preferences"];

function chromeUserData(): string | undefined {
  const home = homedir();
  const candidates: Record<string, string[]> = {
    darwin: [
      join(home, "Library/Application Support/Google/Chrome"),
      join(home, "Library/Application Support/Microsoft Edge"),
      join(home, "Library/Application Support/BraveSoftware/Brave-Browser"),
    ],
    win32: [
      join(process.env.LOCALAPPDATA ?? "", "Google/Chrome/User Data"),
      join(process.env.LOCALAPPDATA ?? "", "Microsoft/Edge/User Data"),
    ],
    linux: [join(home, ".config/google-chrome"), join(home, ".config/chromium")],
  };
  return (candidates[platform()] ?? []).find((p) => existsSync(p));
}

/** Copy the signed-in parts of the user's profile into a throwaway dir. */
function copyProfile(): string | undefined {
  const src = chromeUserData();
  if (!src) return undefined;
  const profile = process.env.npm_package_config_profileCopy ?? "Default";
  const dest = mkdtempSync(join(tmpdir(), "pw-profile-"));
  cpSync(join(src, "Local State"), join(dest, "Local State"), { force: true });
  for (const item of PROFILE_STATE) {
    const from = join(src, profile, item);
    if (existsSync(from)) cpSync(from, join(dest, "Default", item), { recursive: true, force: true });
  }
  return dest;
}

export interface Session {
  context: BrowserContext;
  close(): Promise<void>;
}

export async function openSession(headed: boolean): Promise<Session> {
  const userDataDir = copyProfile() ?? mkdtempSync(join(tmpdir(), "pw-fresh-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    headless: !headed,
    channel: existsSync(join(userDataDir, "Local State")) ? "chrome" : undefined,
    viewport: { width: 1366, height: 900 },
  });
  await context.tracing.start({ screenshots: true, snapshots: true, sources: false });
  return {
    context,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
