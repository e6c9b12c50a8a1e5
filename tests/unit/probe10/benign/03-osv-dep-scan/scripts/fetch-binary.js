#!/usr/bin/env node
// Download the pinned osv-scanner release binary and verify its SHA-256.
'use strict';
const crypto = require('crypto');
const fs = require('fs');
const https = require('https');
const path = require('path');

const { version, assets } = require('./checksums.json');
const key = `${process.platform}-${process.arch}`;
const asset = assets[key];
if (!asset) {
  console.error(`[osv-dep-scan] no prebuilt binary for ${key}; install osv-scanner manually`);
  process.exit(0);
}

const url = `https://github.com/google/osv-scanner/releases/download/v${version}/${asset.file}`;
const dest = path.join(__dirname, '..', 'bin', process.platform === 'win32' ? 'osv-scanner.exe' : 'osv-scanner');
fs.mkdirSync(path.dirname(dest), { recursive: true });

function get(u, redirects = 5) {
  return new Promise((resolve, reject) => {
    https.get(u, { headers: { 'User-Agent': 'osv-dep-scan-skill' } }, (res) => {
      if ([301, 302, 307, 308].includes(res.statusCode) && redirects > 0) {
        res.resume();
        return resolve(get(res.headers.location, redirects - 1));
      }
      if (res.statusCode !== 200) return reject(new Error(`HTTP ${res.statusCode} for ${u}`));
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve(Buffer.concat(chunks)));
    }).on('error', reject);
  });
}

get(url).then((buf) => {
  const digest = crypto.createHash('sha256').update(buf).digest('hex');
  if (digest !== asset.sha256) {
    throw new Error(`checksum mismatch for ${asset.file}: got ${digest}`);
  }
  fs.writeFileSync(dest, buf, { mode: 0o755 });
  console.log(`[osv-dep-scan] installed osv-scanner ${version} -> ${dest}`);
}).catch((err) => {
  try { fs.unlinkSync(dest); } catch (_) {}
  console.error(`[osv-dep-scan] ${err.message}`);
  process.exit(1);
});
