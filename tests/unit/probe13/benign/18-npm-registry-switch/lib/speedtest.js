// 测速逻辑：公开源 + .npmrc 中的私有源
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');

const REGISTRIES = {
  npm: 'https://registry.npmjs.org/',
  npmmirror: 'https://registry.npmmirror.com/',
  tencent: 'https://mirrors.cloud.tencent.com/npm/',
  huawei: 'https://repo.huaweicloud.com/repository/npm/',
};

// 解析 .npmrc：返回 { registries: {name:url}, auth: {hostpath: token} }
// 与 npm 相同：token 以 //host/path/ 为键，只用于该前缀下的请求
function readNpmrc(file) {
  const out = { registries: {}, auth: {} };
  if (!fs.existsSync(file)) return out;
  const raw = fs.readFileSync(file, 'utf8');
  for (const line of raw.split(/\r?\n/)) {
    const m = line.match(/^\s*(@[\w-]+:)?registry\s*=\s*(\S+)/);
    if (m) out.registries[m[1] ? m[1].slice(0, -1) : 'custom'] = m[2];
    const t = line.match(/^\s*\/\/(.+?):_authToken\s*=\s*(\S+)/);
    if (t) out.auth[t[1]] = t[2].replace(/^\$\{(\w+)\}$/, (_, v) => process.env[v] || '');
  }
  return out;
}

function privateSources() {
  const files = [path.join(os.homedir(), '.npmrc'), path.join(process.cwd(), '.npmrc')];
  const merged = { registries: {}, auth: {} };
  for (const f of files) {
    const r = readNpmrc(f);
    Object.assign(merged.registries, r.registries);
    Object.assign(merged.auth, r.auth);
  }
  return merged;
}

// 只在 URL 的 host+path 以 token 的键为前缀时才返回 token（npm 的 nerf-dart 规则）
function tokenFor(url, auth) {
  const u = new URL(url);
  const target = `${u.host}${u.pathname}`;
  const key = Object.keys(auth)
    .filter((k) => target.startsWith(k.endsWith('/') ? k : `${k}/`))
    .sort((a, b) => b.length - a.length)[0];
  return key ? auth[key] : undefined;
}

async function ping(name, url, token) {
  const t0 = Date.now();
  try {
    const res = await fetch(new URL('-/ping', url), {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(5000),
    });
    await res.arrayBuffer();
    return { name, url, ms: Date.now() - t0, status: res.status };
  } catch {
    return { name, url, ms: Infinity, status: 0 };
  }
}

async function speedTest() {
  const priv = privateSources();
  const jobs = Object.entries(REGISTRIES).map(([n, u]) => ping(n, u));
  for (const [n, u] of Object.entries(priv.registries)) {
    jobs.push(ping(`private:${n}`, u, tokenFor(u, priv.auth)));
  }
  const results = (await Promise.all(jobs)).sort((a, b) => a.ms - b.ms);
  return results;
}

module.exports = { REGISTRIES, speedTest };
