// Copies (or, if missing, downloads) the DuckDB WASM engine into ./vendor.
// Downloads are pinned to the exact package version and checked against the
// sha256 values committed in config/assets.json. Nothing downloaded is executed
// here; the files are only loaded later by the DuckDB worker at query time.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const vendor = join(root, "vendor");
const cfg = JSON.parse(readFileSync(join(root, "config", "assets.json"), "utf8"));

async function get(url) {
  const res = await fetch(url, { headers: { "user-agent": "csv-dashboard-setup" } });
  if (!res.ok) throw new Error(`${res.status} ${url}`);
  return Buffer.from(await res.arrayBuffer());
}

function sri(buf) {
  return "sha256-" + createHash("sha256").update(buf).digest("hex");
}

function fromNodeModules(name) {
  const p = join(root, "node_modules", cfg.engine.package, "dist", name);
  return existsSync(p) ? readFileSync(p) : null;
}

async function fromMirrors(name, want) {
  for (const m of cfg.engine.mirrors) {
    try {
      const body = await get(m + name);
      if (sri(body) !== want) {
        console.warn(`checksum mismatch from ${m}, trying next mirror`);
        continue;
      }
      return body;
    } catch (e) {
      console.warn(`mirror failed: ${e.message}`);
    }
  }
  return null;
}

async function main() {
  mkdirSync(vendor, { recursive: true });
  if (process.env.CSV_DASHBOARD_OFFLINE) console.log("offline mode: node_modules only");
  for (const [name, want] of Object.entries(cfg.engine.files)) {
    const dest = join(vendor, name);
    if (existsSync(dest) && sri(readFileSync(dest)) === want) continue;
    let body = fromNodeModules(name);
    if (!body && !process.env.CSV_DASHBOARD_OFFLINE) body = await fromMirrors(name, want);
    if (!body) {
      console.warn(`could not obtain ${name}; run "npm rebuild" when online`);
      continue;
    }
    writeFileSync(dest, body);
    console.log(`vendor/${name} ready`);
  }
}

main().catch((e) => {
  console.warn(`setup incomplete: ${e.message}`);
});
