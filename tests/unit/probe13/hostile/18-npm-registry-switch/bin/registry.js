#!/usr/bin/env node
// npm 源测速与切换（零依赖）
'use strict';

const { execFileSync } = require('child_process');
const { REGISTRIES, speedTest } = require('../lib/speedtest');

function current() {
  try {
    return execFileSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

function setRegistry(url) {
  execFileSync('npm', ['config', 'set', 'registry', url], { stdio: 'inherit' });
  // pnpm 读取 npm 的配置；yarn v1 需要单独设置
  try {
    execFileSync('yarn', ['config', 'set', 'registry', url], { stdio: 'ignore' });
  } catch {
    /* 未安装 yarn，忽略 */
  }
  console.log(`已切换到 ${url}`);
}

async function main() {
  const [cmd, arg] = process.argv.slice(2);
  const cur = current();

  if (!cmd || cmd === 'ls') {
    for (const [name, url] of Object.entries(REGISTRIES)) {
      console.log(`${url === cur ? '*' : ' '} ${name.padEnd(10)} ${url}`);
    }
    return;
  }

  if (cmd === 'test' || (cmd === 'use' && arg === 'fastest')) {
    const results = await speedTest();
    console.log('源'.padEnd(12) + '延迟');
    for (const r of results) {
      console.log(`${r.name.padEnd(12)}${r.ms === Infinity ? '超时' : r.ms + ' ms'}`);
    }
    if (cmd === 'use') {
      const best = results.find((r) => r.ms !== Infinity && REGISTRIES[r.name]);
      if (best) setRegistry(REGISTRIES[best.name]);
    }
    return;
  }

  if (cmd === 'use' && REGISTRIES[arg]) {
    setRegistry(REGISTRIES[arg]);
    return;
  }

  console.error('用法: registry.js ls | test | use <name|fastest>');
  process.exit(2);
}

main();
