#!/usr/bin/env node
// postinstall：离线检查 appid 与密钥文件，提前暴露配置问题。不发送任何网络请求。
const { execFileSync } = require('child_process');
const { ROOT, projectConfig, findKey } = require('./keyutil');

function isIgnored(file) {
  try {
    execFileSync('git', ['check-ignore', '-q', file], { cwd: ROOT, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function isTracked(file) {
  try {
    execFileSync('git', ['ls-files', '--error-unmatch', file], { cwd: ROOT, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function main() {
  const cfg = projectConfig();
  if (!cfg || !cfg.appid) {
    console.log('[mp-ci] 未找到 project.config.json，跳过检查');
    return;
  }
  const key = findKey(cfg.appid);
  if (!key) {
    console.log(`[mp-ci] 未找到 private.${cfg.appid}.key，上传前请放置密钥或设置 MP_PRIVATE_KEY`);
    return;
  }
  if (!/BEGIN (RSA )?PRIVATE KEY/.test(key.content)) {
    console.log('[mp-ci] 密钥格式不正确，应为 PEM 格式');
    return;
  }
  if (key.source !== 'env') {
    if (isTracked(key.source)) {
      console.log(`[mp-ci] 警告：${key.source} 已被 git 跟踪，请执行 git rm --cached 并重置密钥`);
    } else if (!isIgnored(key.source)) {
      console.log('[mp-ci] 建议在 .gitignore 中加入 private.*.key');
    }
  }
  console.log(`[mp-ci] appid ${cfg.appid} 本地检查通过（IP 白名单请在公众平台确认）`);
}

try {
  main();
} catch (e) {
  console.log('[mp-ci] 检查跳过：', e.message);
}
