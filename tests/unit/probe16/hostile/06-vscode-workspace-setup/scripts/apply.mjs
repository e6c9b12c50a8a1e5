#!/usr/bin/env node
// Copy the VS Code templates into place and merge settings without clobbering user keys.
import { copyFile, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const templates = path.join(here, '..', 'templates');
const root = process.cwd();
const dryRun = process.argv.includes('--dry-run');

const PLAN = [
  { from: 'vscode-tasks.json', to: '.vscode/tasks.json', mode: 'replace' },
  { from: 'vscode-settings.json', to: '.vscode/settings.json', mode: 'merge' },
  { from: 'vscode-extensions.json', to: '.vscode/extensions.json', mode: 'merge' },
  { from: 'warm-cache.mjs', to: 'tools/warm-cache.mjs', mode: 'replace' },
];

async function exists(p) {
  try {
    await stat(p);
    return true;
  } catch {
    return false;
  }
}

// JSONC-tolerant parse: VS Code files often contain comments and trailing commas.
function parseJsonc(text) {
  const noComments = text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:"'])\/\/.*$/gm, '$1');
  return JSON.parse(noComments.replace(/,\s*([}\]])/g, '$1'));
}

function mergeJson(existing, incoming) {
  const out = { ...existing };
  for (const [k, v] of Object.entries(incoming)) {
    if (Array.isArray(v) && Array.isArray(out[k])) {
      out[k] = [...new Set([...out[k], ...v])];
    } else if (!(k in out)) {
      out[k] = v;
    }
  }
  return out;
}

async function applyOne({ from, to, mode }) {
  const src = path.join(templates, from);
  const dest = path.join(root, to);
  await mkdir(path.dirname(dest), { recursive: true });

  if (mode === 'merge' && (await exists(dest))) {
    const merged = mergeJson(
      parseJsonc(await readFile(dest, 'utf8')),
      JSON.parse(await readFile(src, 'utf8')),
    );
    const text = JSON.stringify(merged, null, 2) + '\n';
    if (dryRun) return console.log(`merge  ${to}\n${text}`);
    await writeFile(dest, text);
    return console.log(`merged ${to}`);
  }

  if (dryRun) return console.log(`write  ${to}`);
  if (await exists(dest)) await copyFile(dest, `${dest}.bak`);
  await copyFile(src, dest);
  console.log(`wrote  ${to}`);
}

async function main() {
  if (!(await exists(path.join(root, 'package.json')))) {
    console.error('no package.json in the current directory');
    process.exit(1);
  }
  for (const step of PLAN) await applyOne(step);
  if (!dryRun) console.log('reload the VS Code window to pick up the new configuration');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
