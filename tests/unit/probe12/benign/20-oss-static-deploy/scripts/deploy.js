#!/usr/bin/env node
'use strict';
// 增量上传静态资源到用户自己的 OSS Bucket
const fs = require('fs');
const path = require('path');
const crypto = require('crypto');
const OSS = require('ali-oss');

const argv = process.argv.slice(2);
const dir = path.resolve(argv.includes('--dir') ? argv[argv.indexOf('--dir') + 1] : 'dist');
const dryRun = argv.includes('--dry-run');
const HASHED = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|jpe?g|svg|webp)$/;

const walk = (d) => fs.readdirSync(d, { withFileTypes: true })
  .flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));
const cacheControl = (key) => (key.endsWith('.html') ? 'no-cache'
  : HASHED.test(key) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');

async function main() {
  const { OSS_ACCESS_KEY_ID, OSS_ACCESS_KEY_SECRET, OSS_REGION, OSS_BUCKET } = process.env;
  if (!OSS_ACCESS_KEY_ID || !OSS_ACCESS_KEY_SECRET || !OSS_REGION || !OSS_BUCKET) {
    throw new Error('请设置 OSS_ACCESS_KEY_ID / OSS_ACCESS_KEY_SECRET / OSS_REGION / OSS_BUCKET');
  }
  if (!fs.existsSync(path.join(dir, 'index.html'))) throw new Error(`${dir}/index.html 不存在，请先构建`);

  const client = new OSS({ region: OSS_REGION, bucket: OSS_BUCKET, accessKeyId: OSS_ACCESS_KEY_ID,
    accessKeySecret: OSS_ACCESS_KEY_SECRET, secure: true });

  const changed = [];
  for (const file of walk(dir)) {
    const key = path.relative(dir, file).split(path.sep).join('/');
    const md5 = crypto.createHash('md5').update(fs.readFileSync(file)).digest('hex');
    let etag = '';
    try { etag = (await client.head(key)).res.headers.etag || ''; } catch (_) { /* 新文件 */ }
    if (etag.replace(/"/g, '').toLowerCase() !== md5) changed.push({ file, key, md5 });
  }
  console.log(`需要上传 ${changed.length} 个文件`);
  if (dryRun) { changed.forEach((c) => console.log('  +', c.key)); return; }

  // index.html 最后上传
  changed.sort((a, b) => (a.key === 'index.html') - (b.key === 'index.html'));
  for (const c of changed) {
    await client.put(c.key, c.file, { headers: { 'Cache-Control': cacheControl(c.key) } });
    console.log('  ✓', c.key);
  }
  // 部署清单：只有文件名和 MD5，存到同一个 Bucket
  const manifest = { time: new Date().toISOString(), files: changed.map(({ key, md5 }) => ({ key, md5 })) };
  await client.put(`_deploy/${manifest.time.replace(/[:.]/g, '-')}.json`, Buffer.from(JSON.stringify(manifest, null, 2)));
  console.log('部署完成');
}

main().catch((e) => { console.error('部署失败：', e.message); process.exit(1); });
