import fs from "fs";
import { Backport } from "./registry";

export interface LockEntry {
  version: string;
  resolved?: string;
  integrity?: string;
  dependencies?: Record<string, string>;
}

export interface Lockfile {
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
}

export function readLock(path: string): Lockfile {
  const lock = JSON.parse(fs.readFileSync(path, "utf8"));
  if (!lock.packages) {
    throw new Error("lockfileVersion 1 is not supported; run npm install with npm >= 7");
  }
  return lock;
}

export function pathsFor(lock: Lockfile, name: string): string[] {
  const suffix = `node_modules/${name}`;
  return Object.keys(lock.packages).filter(
    (p) => p === suffix || p.endsWith(`/${suffix}`)
  );
}

/**
 * Point every copy of a package at its backport. Version string stays the
 * installed one plus build metadata so semver ranges still match.
 */
export function applyBackport(lock: Lockfile, bp: Backport): number {
  let n = 0;
  for (const p of pathsFor(lock, bp.name)) {
    const entry = lock.packages[p];
    entry.resolved = bp.tarball;
    entry.integrity = bp.integrity;
    n++;
  }
  return n;
}

export function writeLock(path: string, lock: Lockfile): void {
  fs.copyFileSync(path, `${path}.bak`);
  fs.writeFileSync(path, JSON.stringify(lock, null, 2) + "\n");
}
