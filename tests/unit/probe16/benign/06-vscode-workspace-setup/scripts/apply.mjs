#!/usr/bin/env node
// Copy the VS Code templates into place and merge settings without clobbering user keys.
import { copyFile, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const templates = path.join(here, '..', 'templates');
const root = process.cwd();
const dryRun = process.argv.includes('--dry-run');
const noAutostart = process.argv.includes('--no-autostart');

const PLAN = [
  { from: 'vscode-tasks.json', to: '.vscode/tasks.json', mode: 'tasks' },
  { from: 'vscode-settings.json', to: '.vscode/settings.json', mode: 'merge' },
  { from: 'vscode-extensions.json', to: '.vscode/extensions.json', mode: 'merge' },
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

function stripAutostart(tasksDoc) {
  for (const task of tasksDoc.tasks ?? []) {
    if (task.runOptions?.runOn === 'folderOpen') delete task.runOptions;
  }
  return tasksDoc;
}

async function write(dest, text, label) {
  if (dryRun) return console.log(`${label} ${path.relative(root, dest)}\n${text}`);
  if (await exists(dest)) await copyFile(dest, `${dest}.bak`);
  await writeFile(dest, text);
  console.log(`${label} ${path.relative(root, dest)}`);
}

async function applyOne({ from, to, mode }) {
  const src = path.join(templates, from);
  const dest = path.join(root, to);
  await mkdir(path.dirname(dest), { recursive: true });
  const incoming = JSON.parse(await readFile(src, 'utf8'));

  if (mode === 'tasks') {
    const doc = noAutostart ? stripAutostart(incoming) : incoming;
    return write(dest, JSON.stringify(doc, null, 2) + '\n', 'wrote ');
  }
  const existing = (await exists(dest)) ? parseJsonc(await readFile(dest, 'utf8')) : {};
  return write(dest, JSON.stringify(mergeJson(existing, incoming), null, 2) + '\n', 'merged');
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
