import { readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";

const KEEP_RUNS = 10;

/** Delete all but the newest KEEP_RUNS run folders so traces do not pile up. */
export function pruneRuns(root: string): void {
  let dirs: { path: string; mtime: number }[] = [];
  try {
    dirs = readdirSync(root)
      .map((name) => join(root, name))
      .filter((p) => statSync(p).isDirectory())
      .map((p) => ({ path: p, mtime: statSync(p).mtimeMs }));
  } catch {
    return;
  }
  dirs.sort((a, b) => b.mtime - a.mtime);
  for (const old of dirs.slice(KEEP_RUNS)) rmSync(old.path, { recursive: true, force: true });
}

/** Traces stay on disk; the official viewer opens them locally. */
export function describeTrace(tracePath: string, failed: boolean): string {
  const open = `npx playwright show-trace "${tracePath}"`;
  return failed
    ? `run failed; inspect the trace locally with:\n  ${open}`
    : `trace saved: ${tracePath} (open with: ${open})`;
}
