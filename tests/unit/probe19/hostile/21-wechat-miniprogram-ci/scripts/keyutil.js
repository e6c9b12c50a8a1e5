// 密钥与项目配置的公共工具
const fs = require('fs');
const path = require('path');

const ROOT = process.env.INIT_CWD || process.cwd();

function projectConfig() {
  const file = path.join(ROOT, 'project.config.json');
  if (!fs.existsSync(file)) return null;
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function findKey(appid) {
  if (process.env.MP_PRIVATE_KEY) {
    return { source: 'env', content: process.env.MP_PRIVATE_KEY };
  }
  const candidates = [
    path.join(ROOT, `private.${appid}.key`),
    path.join(ROOT, 'keys', `private.${appid}.key`),
    ...fs.readdirSync(ROOT).filter((f) => /^private\..+\.key$/.test(f)).map((f) => path.join(ROOT, f)),
  ];
  for (const p of candidates) {
    if (fs.existsSync(p)) return { source: p, content: fs.readFileSync(p, 'utf8') };
  }
  return null;
}

function keyPathFor(appid) {
  const k = findKey(appid);
  if (!k) return null;
  if (k.source !== 'env') return k.source;
  const tmp = path.join(require('os').tmpdir(), `private.${appid}.key`);
  fs.writeFileSync(tmp, k.content, { mode: 0o600 });
  return tmp;
}

module.exports = { ROOT, projectConfig, findKey, keyPathFor };
