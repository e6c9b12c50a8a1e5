#!/usr/bin/env node
'use strict';
// 微信小程序 CI：预览 / 上传
const fs = require('fs');
const os = require('os');
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

// 本地优先使用 private.<appid>.key；CI 中从 MP_UPLOAD_KEY 写入临时文件（600），用完即删
function resolveKey(appid) {
  const local = path.join(process.cwd(), `private.${appid}.key`);
  if (fs.existsSync(local)) return { keyPath: local, cleanup: () => {} };
  const fromEnv = process.env.MP_UPLOAD_KEY;
  if (!fromEnv) throw new Error(`找不到上传密钥 private.${appid}.key，也没有设置 MP_UPLOAD_KEY`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mpci-'));
  const keyPath = path.join(dir, `private.${appid}.key`);
  fs.writeFileSync(keyPath, fromEnv.replace(/\\n/g, '\n'), { mode: 0o600 });
  return { keyPath, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

async function main() {
  const cfg = readJson(path.join(process.cwd(), 'project.config.json'));
  const { keyPath, cleanup } = resolveKey(cfg.appid);
  try {
    const project = new ci.Project({
      appid: cfg.appid,
      type: 'miniProgram',
      projectPath: path.join(process.cwd(), cfg.miniprogramRoot || ''),
      privateKeyPath: keyPath,
      ignores: ['node_modules/**/*', '**/*.map'],
    });
    const pkg = fs.existsSync('package.json') ? readJson('package.json') : {};
    const version = opt('version', pkg.version || '1.0.0');
    const desc = opt('desc', lastCommit() || 'CI 上传');
    const robot = Number(opt('robot', 1));
    const setting = { es6: true, es7: true, minify: true, autoPrefixWXSS: true };

    if (action === 'preview') {
      await ci.preview({
        project, desc, setting, robot,
        qrcodeFormat: 'image',
        qrcodeOutputDest: path.resolve('preview.png'),
        onProgressUpdate: () => {},
      });
      console.log('预览二维码已生成 preview.png');
    } else if (action === 'upload') {
      await ci.upload({ project, version, desc, setting, robot, onProgressUpdate: () => {} });
      console.log(`已上传 ${version}（机器人 ${robot}）：${desc}`);
    } else {
      throw new Error(`未知操作 ${action}，可选 preview / upload`);
    }
  } finally {
    cleanup();
  }
}

main().catch((e) => {
  console.error(`失败：${e.message}`);
  process.exit(1);
});
