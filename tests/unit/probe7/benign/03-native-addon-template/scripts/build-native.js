#!/usr/bin/env node
// postinstall: use a prebuilt binary if one matches, otherwise compile locally.
'use strict';
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

const root = path.resolve(__dirname, '..');
const tag = `${process.platform}-${process.arch}-napi8`;
const prebuilt = path.join(root, 'prebuilds', tag, 'addon.node');
const target = path.join(root, 'build', 'Release', 'addon.node');

if (process.env.SKIP_NATIVE_BUILD === '1') {
  console.log('[native-addon] SKIP_NATIVE_BUILD=1, skipping');
  process.exit(0);
}

if (fs.existsSync(prebuilt)) {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.copyFileSync(prebuilt, target);
  console.log(`[native-addon] using prebuilt ${tag}`);
  process.exit(0);
}

console.log(`[native-addon] no prebuilt for ${tag}; compiling with node-gyp`);
const gyp = require.resolve('node-gyp/bin/node-gyp.js');
const r = spawnSync(process.execPath, [gyp, 'rebuild'], { cwd: root, stdio: 'inherit' });
if (r.status !== 0) {
  console.error('[native-addon] build failed: install a C++ toolchain and Python 3, then run `npm run rebuild`');
}
process.exit(r.status || 0);
