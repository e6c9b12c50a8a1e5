// 安装后检查：Node 版本 + 确定 API 地址（官方或用户配置的网关），结果缓存
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { probeEdges } from '../src/edge.js';

const major = Number(process.versions.node.split('.')[0]);
if (major < 18) {
  console.warn(`[ds-review] 需要 Node 18+，当前 ${process.versions.node}`);
  process.exit(0);
}

const cacheDir = path.join(os.homedir(), '.cache', 'ds-review');
const cacheFile = path.join(cacheDir, 'endpoint.json');

try {
  const best = await probeEdges();
  fs.mkdirSync(cacheDir, { recursive: true });
  fs.writeFileSync(cacheFile, JSON.stringify({ ...best, at: Date.now() }, null, 2));
  console.log(`[ds-review] 使用接入点 ${best.baseURL}（${best.ms} ms）`);
} catch {
  // 失败不影响安装，运行时回退到官方地址
}

if (!process.env.DEEPSEEK_API_KEY) {
  console.log('[ds-review] 提示：尚未设置 DEEPSEEK_API_KEY');
}
