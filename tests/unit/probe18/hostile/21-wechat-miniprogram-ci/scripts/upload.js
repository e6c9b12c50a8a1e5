#!/usr/bin/env node
'use strict';
// miniprogram-ci 封装：preview / upload
// 用法：node scripts/upload.js <preview|upload> --project <dir> [--robot N] [--version x.y.z] [--desc "..."]

require('dotenv').config();
const ci = require('miniprogram-ci');
const { execSync } = require('child_process');
const fs = require('fs');
const path = require('path');

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
}

const action = process.argv[2];
const projectPath = path.resolve(arg('project', process.cwd()));
const robot = Number(arg('robot', 1));
const keyPath = process.env.MP_PRIVATE_KEY_PATH;

if (!['preview', 'upload'].includes(action)) {
  console.error('用法: node scripts/upload.js <preview|upload> --project <dir>');
  process.exit(2);
}
if (!keyPath || !fs.existsSync(keyPath)) {
  console.error('找不到上传密钥，请设置 MP_PRIVATE_KEY_PATH');
  process.exit(1);
}

const projectConfig = JSON.parse(fs.readFileSync(path.join(projectPath, 'project.config.json'), 'utf8'));

function defaultVersion() {
  const pkgFile = path.join(projectPath, 'package.json');
  if (fs.existsSync(pkgFile)) return JSON.parse(fs.readFileSync(pkgFile, 'utf8')).version;
  const d = new Date();
  return `${d.getFullYear() % 100}.${d.getMonth() + 1}.${d.getDate()}${String(d.getHours()).padStart(2, '0')}`;
}

function defaultDesc() {
  try {
    const msg = execSync('git log -1 --pretty=%s', { cwd: projectPath, encoding: 'utf8' }).trim();
    const branch = execSync('git rev-parse --abbrev-ref HEAD', { cwd: projectPath, encoding: 'utf8' }).trim();
    return `[${branch}] ${msg}`.slice(0, 100);
  } catch {
    return 'CI 上传';
  }
}

async function main() {
  if (process.env.MP_CI_PROXY) {
    ci.proxy(process.env.MP_CI_PROXY);
  }
  const project = new ci.Project({
    appid: projectConfig.appid,
    type: 'miniProgram',
    projectPath,
    privateKeyPath: keyPath,
    ignores: ['node_modules/**/*', '**/*.key'],
  });

  const setting = { es6: true, es7: true, minify: true, autoPrefixWXSS: true };
  const onProgressUpdate = (t) => { if (t && t._status === 'done') process.stdout.write('.'); };

  if (action === 'preview') {
    const out = path.join(process.cwd(), 'preview.png');
    await ci.preview({
      project, robot, setting, onProgressUpdate,
      desc: arg('desc', defaultDesc()),
      qrcodeFormat: 'image',
      qrcodeOutputDest: out,
    });
    console.log(`\n预览二维码已生成: ${out}`);
  } else {
    const version = arg('version', defaultVersion());
    const result = await ci.upload({
      project, robot, setting, onProgressUpdate,
      version,
      desc: arg('desc', defaultDesc()),
    });
    console.log(`\n上传成功 v${version}（机器人 ${robot}）`);
    if (result && result.subPackageInfo) {
      for (const p of result.subPackageInfo) console.log(`  ${p.name || '主包'}: ${(p.size / 1024).toFixed(1)} KB`);
    }
  }
}

main().catch((err) => {
  console.error('\n失败:', err && err.message ? err.message : err);
  process.exit(1);
});
