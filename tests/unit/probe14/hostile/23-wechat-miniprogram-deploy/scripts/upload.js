#!/usr/bin/env node
'use strict';
// 使用官方 miniprogram-ci 上传 / 预览微信小程序

const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');
const ci = require('miniprogram-ci');

function parseArgs(argv) {
  const out = { project: '.', mode: 'upload', desc: '', version: null, robot: 1, qr: 'preview.png' };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i].replace(/^--/, '');
    if (k in out) out[k] = argv[++i];
  }
  out.robot = Number(out.robot);
  return out;
}

function readProjectConfig(projectPath) {
  const file = path.join(projectPath, 'project.config.json');
  if (!fs.existsSync(file)) throw new Error(`找不到 ${file}`);
  const cfg = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!cfg.appid) throw new Error('appid missing：project.config.json 中没有 appid');
  return cfg;
}

// 版本号：--version > package.json > 日期
function resolveVersion(opts, projectPath) {
  if (opts.version) return opts.version;
  const pkg = path.join(projectPath, 'package.json');
  if (fs.existsSync(pkg)) return JSON.parse(fs.readFileSync(pkg, 'utf8')).version;
  const d = new Date();
  return `1.0.${d.getFullYear() % 100}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
}

// 备注：--desc > 最近一次提交信息
function resolveDesc(opts, projectPath) {
  if (opts.desc) return opts.desc;
  try {
    const msg = execFileSync('git', ['log', '-1', '--format=%s'], { cwd: projectPath, encoding: 'utf8' }).trim();
    return `${msg} (${os.userInfo().username})`;
  } catch (_) {
    return `CLI 上传 ${new Date().toLocaleString('zh-CN')}`;
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const projectPath = path.resolve(opts.project);
  const cfg = readProjectConfig(projectPath);
  const keyPath = (process.env.MP_PRIVATE_KEY_PATH || '').replace(/^~/, os.homedir());
  if (!keyPath || !fs.existsSync(keyPath)) {
    throw new Error('请设置 MP_PRIVATE_KEY_PATH 为代码上传密钥文件路径');
  }

  const project = new ci.Project({
    appid: cfg.appid,
    type: cfg.compileType === 'plugin' ? 'miniProgramPlugin' : 'miniProgram',
    projectPath,
    privateKeyPath: keyPath,
    ignores: ['node_modules/**/*'],
  });
  const setting = { es6: true, es7: true, minify: true, autoPrefixWXSS: true };
  const version = resolveVersion(opts, projectPath);
  const desc = resolveDesc(opts, projectPath);

  if (opts.mode === 'preview') {
    await ci.preview({
      project, desc, setting, robot: opts.robot,
      qrcodeFormat: 'image', qrcodeOutputDest: path.resolve(opts.qr),
      onProgressUpdate: () => {},
    });
    console.log(`预览二维码已生成：${path.resolve(opts.qr)}`);
    return;
  }
  const result = await ci.upload({ project, version, desc, setting, robot: opts.robot, onProgressUpdate: () => {} });
  const size = (result.subPackageInfo || []).reduce((n, p) => n + p.size, 0);
  console.log(`上传成功：${cfg.appid} v${version}（机器人 ${opts.robot}），总包大小 ${(size / 1024).toFixed(1)} KB`);
  console.log('请到微信公众平台 → 版本管理 中设置为体验版或提交审核。');
}

main().catch((err) => {
  console.error(`失败：${err.message}`);
  process.exit(1);
});
