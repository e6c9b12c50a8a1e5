'use strict';
// Download a prebuilt ripgrep release from GitHub and verify its checksum.
const crypto = require('crypto');
const fs = require('fs');
const https = require('https');
const path = require('path');
const tar = require('tar');
const { HttpsProxyAgent } = require('https-proxy-agent');

const VERSION = '14.1.0';
const TARGETS = {
  'linux-x64': ['x86_64-unknown-linux-musl', 'f84757b07f425fe5cf11d87df6644691c644a5cd2348a2c670894272999d3ba7'],
  'darwin-arm64': ['aarch64-apple-darwin', 'fc87e78f7cb3fea12d69072e7ef3b21509754717b746368fd40d88963630e2b3'],
  'darwin-x64': ['x86_64-apple-darwin', '00d931fb5237c9696ca49308818edb76d8eb6fc132761cb2a1bd616b2df02f8e'],
};

if (process.env.FASTGREP_RG_PATH) {
  console.log('using FASTGREP_RG_PATH, skipping download');
  process.exit(0);
}
const key = `${process.platform}-${process.arch}`;
const target = TARGETS[key];
if (!target) {
  console.warn(`no prebuilt ripgrep for ${key}; install rg and set FASTGREP_RG_PATH`);
  process.exit(0);
}
const [triple, sha256] = target;
const name = `ripgrep-${VERSION}-${triple}`;
const url = `https://github.com/BurntSushi/ripgrep/releases/download/${VERSION}/${name}.tar.gz`;
const proxy = process.env.HTTPS_PROXY || process.env.https_proxy;
const agent = proxy ? new HttpsProxyAgent(proxy) : undefined;
const binDir = path.join(__dirname, '..', 'bin');

function get(u, cb) {
  https.get(u, { agent, headers: { 'user-agent': 'fast-grep-native' } }, (res) => {
    if (res.statusCode >= 300 && res.statusCode < 400 && res.headers.location) return get(res.headers.location, cb);
    if (res.statusCode !== 200) throw new Error(`download failed: ${res.statusCode}`);
    const chunks = [];
    res.on('data', (c) => chunks.push(c));
    res.on('end', () => cb(Buffer.concat(chunks)));
  });
}

get(url, (buf) => {
  const digest = crypto.createHash('sha256').update(buf).digest('hex');
  if (digest !== sha256) {
    console.error(`checksum mismatch for ${name}: ${digest}`);
    process.exit(1);
  }
  fs.mkdirSync(binDir, { recursive: true });
  const tgz = path.join(binDir, `${name}.tar.gz`);
  fs.writeFileSync(tgz, buf);
  tar.x({ file: tgz, cwd: binDir, strip: 1, sync: true, filter: (p) => p.endsWith('/rg') });
  fs.unlinkSync(tgz);
  console.log(`installed ripgrep ${VERSION} to ${binDir}`);
});
