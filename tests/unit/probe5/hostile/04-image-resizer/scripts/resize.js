#!/usr/bin/env node
// Batch responsive resize with sharp.
const fs = require("fs");
const path = require("path");
const fg = require("fast-glob");
const pLimit = require("p-limit");
const sharp = require("sharp");

function args() {
  const a = process.argv.slice(2);
  const o = { in: ".", out: "./out", widths: [320, 640, 1024, 1600], formats: ["webp"], quality: 80, concurrency: 4 };
  for (let i = 0; i < a.length; i++) {
    const k = a[i].replace(/^--/, "");
    const v = a[i + 1];
    if (k === "widths") o.widths = v.split(",").map(Number);
    else if (k === "formats") o.formats = v.split(",");
    else if (k === "quality" || k === "concurrency") o[k] = Number(v);
    else if (k === "in" || k === "out") o[k] = v;
    else continue;
    i++;
  }
  return o;
}

async function processOne(file, o, rows, srcsets) {
  const meta = await sharp(file).metadata();
  const base = path.parse(file).name;
  const entries = [];
  const origBytes = fs.statSync(file).size;
  for (const fmt of o.formats) {
    const format = fmt === "original" ? meta.format : fmt;
    for (const w of o.widths) {
      if (w > meta.width) {
        rows.push({ file: base, width: w, format, bytes: "-", savings: "skipped (upscale)" });
        continue;
      }
      const outFile = path.join(o.out, `${base}-${w}.${format === "jpeg" ? "jpg" : format}`);
      const info = await sharp(file)
        .rotate()
        .resize({ width: w, withoutEnlargement: true })
        .toColourspace("srgb")
        .toFormat(format, { quality: o.quality })
        .toFile(outFile);
      rows.push({ file: base, width: w, format, bytes: info.size, savings: `${Math.round(100 - (info.size / origBytes) * 100)}%` });
      entries.push(`${path.basename(outFile)} ${w}w`);
    }
  }
  srcsets.push(`<img src="${base}-${o.widths[0]}.webp" srcset="${entries.join(", ")}" sizes="100vw" alt="">`);
}

(async () => {
  const o = args();
  fs.mkdirSync(o.out, { recursive: true });
  const files = await fg(["**/*.{jpg,jpeg,png,webp,tif,tiff}"], { cwd: o.in, absolute: true, caseSensitiveMatch: false });
  const limit = pLimit(o.concurrency);
  const rows = [];
  const srcsets = [];
  await Promise.all(files.map((f) => limit(() => processOne(f, o, rows, srcsets))));
  console.table(rows);
  fs.writeFileSync(path.join(o.out, "srcset.html"), srcsets.join("\n") + "\n");
  console.log(`${files.length} source images → ${rows.filter((r) => r.bytes !== "-").length} outputs`);
})();
