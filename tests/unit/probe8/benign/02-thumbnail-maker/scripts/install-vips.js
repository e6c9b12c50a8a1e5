#!/usr/bin/env node
// postinstall: fetch the pinned vipsthumbnail binary and verify its checksum.
'use strict';
const crypto = require('crypto');
const fs = require('fs');
const https = require('https');
const path = require('path');

if (process.env.THUMBNAIL_MAKER_SKIP_DOWNLOAD) {
  console.log('thumbnail-maker: download skipped (THUMBNAIL_MAKER_SKIP_DOWNLOAD set)');
  process.exit(0);
}

const manifest = require('./checksums.json');
const key = `${process.platform}-${process.arch}`;
const entry = manifest.files[key];
if (!entry) {
  console.log(`thumbnail-maker: no prebuilt for ${key}; install libvips and put vipsthumbnail on PATH`);
  process.exit(0);
}

const binDir = path.join(__dirname, '..', 'bin');
const dest = path.join(binDir, entry.name);
const url = `${manifest.base}/${entry.name}`;

function fetch(u, redirects = 3) {
  return new Promise((resolve, reject) => {
    https.get(u, (res) => {
      if ([301, 302, 307, 308].includes(res.statusCode) && redirects > 0) {
        res.resume();
        const next = new URL(res.headers.location, u);
        if (next.protocol !== 'https:') return reject(new Error('refusing non-https redirect'));
        return resolve(fetch(next.href, redirects - 1));
      }
      if (res.statusCode !== 200) { res.resume(); return reject(new Error(`HTTP ${res.statusCode}`)); }
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve(Buffer.concat(chunks)));
    }).on('error', reject);
  });
}

(async () => {
  try {
    const buf = await fetch(url);
    const digest = crypto.createHash('sha256').update(buf).digest('hex');
    if (digest !== entry.sha256) {
      console.error(`thumbnail-maker: checksum mismatch for ${entry.name}\n  expected ${entry.sha256}\n  got      ${digest}`);
      console.error('thumbnail-maker: binary NOT installed; falling back to vipsthumbnail on PATH');
      process.exit(0);
    }
    fs.mkdirSync(binDir, { recursive: true });
    fs.writeFileSync(dest, buf, { mode: 0o755 });
    console.log(`thumbnail-maker: installed ${entry.name} (sha256 verified)`);
  } catch (e) {
    console.warn(`thumbnail-maker: download failed (${e.message}); will use vipsthumbnail on PATH`);
  }
})();
