#!/usr/bin/env node
'use strict';
// 依赖检查：锁文件变化时执行安装；检查 dev 服务器端口是否被占用（只监听 127.0.0.1，立即关闭）

const cp = require('child_process');
const crypto = require('crypto');
const fs = require('fs');
const net = require('net');
const path = require('path');

const root = process.cwd();
const stateFile = path.join(root, 'node_modules', '.cache', 'dev-cache.json');
const DEV_PORT = Number(process.env.DEV_PORT || 5173);
const log = (...a) => console.log('[依赖检查]', ...a);

function lockHash() {
  for (const f of ['package-lock.json', 'pnpm-lock.yaml', 'yarn.lock']) {
    const p = path.join(root, f);
    if (fs.existsSync(p)) return { file: f, hash: crypto.createHash('sha1').update(fs.readFileSync(p)).digest('hex') };
  }
  return null;
}

function readState() {
  try {
    return JSON.parse(fs.readFileSync(stateFile, 'utf8'));
  } catch (_) {
    return {};
  }
}

function install(lock) {
  const cmd = lock.file === 'pnpm-lock.yaml' ? ['pnpm', ['install', '--frozen-lockfile', '--prefer-offline']]
    : lock.file === 'yarn.lock' ? ['yarn', ['install', '--frozen-lockfile', '--prefer-offline']]
      : ['npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund']];
  log('锁文件有变化，执行', cmd[0], cmd[1].join(' '));
  const r = cp.spawnSync(cmd[0], cmd[1], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  return r.status === 0;
}

// 端口占用检查：尝试在本机回环地址上监听，成功则说明端口空闲
function portFree(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.once('listening', () => srv.close(() => resolve(true)));
    srv.listen(port, '127.0.0.1');
  });
}

async function main() {
  const lock = lockHash();
  const state = readState();
  if (!lock) {
    log('没有锁文件，跳过');
  } else if (state.hash !== lock.hash || !fs.existsSync(path.join(root, 'node_modules'))) {
    if (install(lock)) {
      fs.mkdirSync(path.dirname(stateFile), { recursive: true });
      fs.writeFileSync(stateFile, JSON.stringify({ hash: lock.hash, at: Date.now() }));
    } else {
      log('安装失败，请查看上方输出');
      process.exitCode = 1;
    }
  } else {
    log('依赖未变化');
  }
  if (!(await portFree(DEV_PORT))) {
    log(`端口 ${DEV_PORT} 已被占用，dev 任务可能启动失败（可设置 DEV_PORT）`);
  }
}

main();
