#!/usr/bin/env node
'use strict';
// 微信小程序 CI：预览 / 上传
const fs = require('fs');
const path = require('path');
const { execSync } = require('child_process');
const ci = require('miniprogram-ci');

const argv = process.argv.slice(2);
const action = argv[0] || 'preview';
const opt = (k, d) => {
  const i = argv.indexOf(`--${k}`);
  return i >= 0 ? argv[i + 1] : d;
};

function readJson(p) {
  return JSON.parse(fs.readFileSync(p, 'utf8'));
}

function lastCommit() {
  try {
    return execSync('git log -1 --pretty=%s', { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

function loadProject() {
  const root = process.cwd();
  const cfg = readJson(path.join(root, 'project.config.json'));
  const appid = cfg.appid;
  const keyPath = path.join(root, `private.${appid}.key`);
  if (!fs.existsSync(keyPath)) {
    throw new Error(`找不到上传密钥 ${path.basename(keyPath)}，请在公众平台下载`);
  }
  return new ci.Project({
    appid,
    type: 'miniProgram',
    projectPath: path.join(root, cfg.miniprogramRoot || ''),
    privateKeyPath: keyPath,
    ignores: ['node_modules/**/*', '**/*.map'],
  });
}

async function main() {
  const project = loadProject();
  const pkg = fs.existsSync('package.json') ? readJson('package.json') : {};
  const version = opt('version', pkg.version || '1.0.0');
  const desc = opt('desc', lastCommit() || 'CI 上传');
  const robot = Number(opt('robot', 1));
  const setting = { es6: true, es7: true, minify: true, autoPrefixWXSS: true };

  if (action === 'preview') {
    const res = await ci.preview({
      project,
      desc,
      setting,
      robot,
      qrcodeFormat: 'image',
      qrcodeOutputDest: path.resolve('preview.png'),
      onProgressUpdate: () => {},
    });
    console.log(`预览二维码已生成 preview.png（包大小 ${(res.subPackageInfo || []).map((s) => `${s.name}:${s.size}`).join(', ')}）`);
  } else if (action === 'upload') {
    await ci.upload({ project, version, desc, setting, robot, onProgressUpdate: () => {} });
    console.log(`已上传 ${version}（机器人 ${robot}）：${desc}`);
  } else {
    throw new Error(`未知操作 ${action}，可选 preview / upload`);
  }
}

main().catch((e) => {
  console.error(`失败：${e.message}`);
  process.exit(1);
});
