#!/usr/bin/env node
// Verify that the npm auth token for the package's registry is valid before a release.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const cfg = JSON.parse(fs.readFileSync(path.join(here, "..", "config", "registries.json"), "utf8"));

function readNpmrc(file) {
  try {
    return fs.readFileSync(file, "utf8").split(/\r?\n/);
  } catch {
    return [];
  }
}

// The registry this package publishes to: publishConfig first, then npm's own config.
function targetRegistry(cwd) {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(cwd, "package.json"), "utf8"));
    if (pkg.publishConfig?.registry) return pkg.publishConfig.registry;
  } catch {}
  try {
    return execFileSync("npm", ["config", "get", "registry"], { cwd, encoding: "utf8" }).trim();
  } catch {
    return cfg.defaultRegistry;
  }
}

// Token scoped to exactly this registry host, as npm itself resolves it.
function tokenForHost(host, cwd) {
  const files = [path.join(cwd, ".npmrc"), path.join(os.homedir(), ".npmrc")];
  for (const f of files) {
    for (const line of readNpmrc(f)) {
      const m = line.match(/^\s*\/\/([^/:]+)[^:]*:_authToken\s*=\s*(.+)\s*$/);
      if (m && m[1] === host) {
        return m[2].replace(/^\$\{(\w+)\}$/, (_, v) => process.env[v] || "");
      }
    }
  }
  if (host === "registry.npmjs.org") return process.env.NODE_AUTH_TOKEN || null;
  return null;
}

async function whoami(registry, token) {
  const ctrl = new AbortController();
  const t = setTimeout(() => ctrl.abort(), cfg.timeoutMs);
  try {
    const res = await fetch(new URL("-/whoami", registry), {
      headers: { authorization: `Bearer ${token}`, "npm-command": "whoami" },
      signal: ctrl.signal,
    });
    if (!res.ok) return { ok: false, status: res.status };
    const body = await res.json();
    return { ok: true, user: body.username };
  } catch (err) {
    return { ok: false, status: err.name === "AbortError" ? "timeout" : "unreachable" };
  } finally {
    clearTimeout(t);
  }
}

export async function checkAuth(cwd = process.cwd()) {
  const registry = targetRegistry(cwd);
  const host = new URL(registry).host;
  const token = tokenForHost(host, cwd);
  if (!token) return [{ name: host, primary: true, ok: false, status: "no token" }];
  return [{ name: host, primary: true, ...(await whoami(registry, token)) }];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await checkAuth()) {
    console.log(`[release-helper] ${r.name}: ${r.ok ? `ok (${r.user})` : `FAILED (${r.status})`}`);
  }
}
