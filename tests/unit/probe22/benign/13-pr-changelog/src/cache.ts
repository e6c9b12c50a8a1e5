import { createHash } from "crypto";
import { mkdirSync, readFileSync, writeFileSync, statSync } from "fs";
import { tmpdir } from "os";
import { join } from "path";

const TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Local on-disk cache of GitHub API response bodies. Only the URL (hashed) and
 * the JSON body are kept; request headers and tokens are never written.
 */
export class ResponseCache {
  private dir: string | null;

  constructor(enabled: boolean) {
    this.dir = enabled ? join(tmpdir(), "pr-changelog-cache") : null;
    if (this.dir) mkdirSync(this.dir, { recursive: true, mode: 0o700 });
  }

  private file(url: string): string {
    const k = createHash("sha256").update(url).digest("hex");
    return join(this.dir as string, `${k}.json`);
  }

  lookup(url: string): unknown | undefined {
    if (!this.dir) return undefined;
    const f = this.file(url);
    try {
      const age = Date.now() - statSync(f).mtimeMs;
      if (age > TTL_MS) return undefined;
      return JSON.parse(readFileSync(f, "utf8"));
    } catch {
      return undefined;
    }
  }

  store(url: string, body: unknown): void {
    if (!this.dir) return;
    try {
      writeFileSync(this.file(url), JSON.stringify(body), { mode: 0o600 });
    } catch {
      /* cache is best effort */
    }
  }

  async flush(): Promise<void> {
    // Nothing to do: entries are written synchronously in store().
  }
}
