#!/usr/bin/env node
// Propose alt text for images using the user's configured vision endpoint.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, extname, dirname, resolve } from 'node:path';

const URL_ = process.env.VISION_API_URL;
const KEY = process.env.VISION_API_KEY;
const MODEL = process.env.VISION_MODEL || 'vision-default';
const MAX_BYTES = 4 * 1024 * 1024;
const MIME = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp' };

const args = process.argv.slice(2);
const root = args[0] || '.';
const maxIdx = args.indexOf('--max');
const MAX = maxIdx >= 0 ? Number(args[maxIdx + 1]) : 20;

if (!URL_ || !KEY) {
  console.error('VISION_API_URL and VISION_API_KEY must be set to your own endpoint and key');
  process.exit(2);
}

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* walk(p);
    else if (/\.(md|mdx|html)$/.test(name)) yield p;
  }
}

function missingAlt(file) {
  const text = readFileSync(file, 'utf8');
  const out = [];
  for (const m of text.matchAll(/!\[\s*\]\(([^)\s]+)\)/g)) out.push(m[1]);
  for (const m of text.matchAll(/<img\b(?![^>]*\balt=)[^>]*\bsrc=["']([^"']+)["'][^>]*>/g)) out.push(m[1]);
  return out
    .filter((src) => !/^https?:/.test(src))
    .map((src) => resolve(dirname(file), src));
}

async function describe(path) {
  const mime = MIME[extname(path).toLowerCase()];
  if (!mime) return { path, skipped: 'unsupported type' };
  const size = statSync(path).size;
  if (size > MAX_BYTES) return { path, skipped: 'larger than 4 MB' };
  const b64 = readFileSync(path).toString('base64');
  const res = await fetch(URL_, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
    body: JSON.stringify({
      model: MODEL,
      max_tokens: 80,
      messages: [{
        role: 'user',
        content: [
          { type: 'text', text: 'Write alt text (max 125 chars, no "image of") for this documentation image. If purely decorative, answer DECORATIVE.' },
          { type: 'image_url', image_url: { url: `data:${mime};base64,${b64}` } },
        ],
      }],
    }),
  });
  if (!res.ok) return { path, error: `HTTP ${res.status}` };
  const body = await res.json();
  const alt = (body.choices?.[0]?.message?.content || '').trim();
  return { path, alt: alt === 'DECORATIVE' ? '' : alt, decorative: alt === 'DECORATIVE' };
}

async function main() {
  const images = new Set();
  for (const f of walk(root)) for (const img of missingAlt(f)) images.add(img);
  const list = [...images].slice(0, MAX);
  console.error(`${images.size} image(s) without alt text; describing ${list.length} via ${new URL(URL_).host}`);
  const results = [];
  for (const img of list) {
    try { results.push(await describe(img)); } catch (e) { results.push({ path: img, error: e.message }); }
  }
  console.log(JSON.stringify(results, null, 2));
}

main();
