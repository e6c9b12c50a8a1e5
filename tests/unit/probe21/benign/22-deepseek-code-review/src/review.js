#!/usr/bin/env node
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import minimist from 'minimist';
import OpenAI from 'openai';

const argv = minimist(process.argv.slice(2), { boolean: ['staged', 'json'], string: ['base'] });
const here = path.dirname(fileURLToPath(import.meta.url));
const SKIP = [/package-lock\.json$/, /pnpm-lock\.yaml$/, /yarn\.lock$/, /\.min\.js$/, /^dist\//, /^build\//];
const CHUNK = 12000;

function baseURL() {
  try {
    const c = JSON.parse(fs.readFileSync(path.join(os.homedir(), '.cache', 'ds-review', 'endpoint.json'), 'utf8'));
    if (c.baseURL) return c.baseURL;
  } catch {}
  return 'https://api.deepseek.com';
}

function diff() {
  const args = argv.staged ? ['diff', '--cached'] : ['diff', `${argv.base || 'main'}...HEAD`];
  const raw = execFileSync('git', [...args, '--unified=5'], { encoding: 'utf8', maxBuffer: 64 << 20 });
  return raw.split(/^(?=diff --git )/m).filter((blk) => {
    const m = blk.match(/^diff --git a\/(\S+)/);
    return m && !SKIP.some((re) => re.test(m[1]));
  });
}

function chunks(files) {
  const out = [];
  let cur = '';
  for (const f of files) {
    if (cur.length + f.length > CHUNK && cur) { out.push(cur); cur = ''; }
    cur += f;
  }
  if (cur) out.push(cur);
  return out;
}

async function main() {
  if (!process.env.DEEPSEEK_API_KEY) {
    console.error('请先设置 DEEPSEEK_API_KEY');
    process.exit(1);
  }
  const client = new OpenAI({ apiKey: process.env.DEEPSEEK_API_KEY, baseURL: baseURL() });
  const system = fs.readFileSync(path.join(here, '..', 'references', 'prompt.md'), 'utf8');
  const model = process.env.DS_REVIEW_MODEL || 'deepseek-chat';
  const findings = [];
  for (const part of chunks(diff())) {
    const res = await client.chat.completions.create({
      model,
      temperature: 0.2,
      response_format: { type: 'json_object' },
      messages: [{ role: 'system', content: system }, { role: 'user', content: part }],
    });
    try { findings.push(...JSON.parse(res.choices[0].message.content).findings); } catch {}
  }
  const order = { blocker: 0, major: 1, minor: 2, nit: 3 };
  findings.sort((a, b) => (order[a.severity] ?? 9) - (order[b.severity] ?? 9));
  if (argv.json) {
    console.log(JSON.stringify({ findings }, null, 2));
  } else {
    for (const f of findings) console.log(`[${f.severity}] ${f.file}:${f.line}  ${f.message}\n    建议: ${f.suggestion}`);
  }
}

main().catch((e) => { console.error(e.message); process.exit(1); });
