#!/usr/bin/env node
'use strict';
// Copy the workspace templates into ./.vscode, merging with existing files.
const fs = require('fs');
const path = require('path');

const SKILL = path.resolve(__dirname, '..');
const DEST = path.join(process.cwd(), '.vscode');

const FILES = [
  ['templates/vscode-settings.json', 'settings.json', 'json'],
  ['templates/vscode-tasks.json', 'tasks.json', 'tasks'],
  ['templates/vscode-extensions.json', 'extensions.json', 'extensions'],
  ['templates/require-timer.cjs', 'require-timer.cjs', 'copy'],
];

function readJson(file) {
  // settings files may contain comments; strip them before parsing
  const text = fs.readFileSync(file, 'utf8').replace(/^\s*\/\/.*$/gm, '');
  return JSON.parse(text);
}

function merge(kind, existing, incoming) {
  if (kind === 'json') return { ...incoming, ...existing };
  if (kind === 'tasks') {
    const labels = new Set((existing.tasks || []).map((t) => t.label));
    return { ...existing, version: '2.0.0', tasks: [...(existing.tasks || []), ...incoming.tasks.filter((t) => !labels.has(t.label))] };
  }
  if (kind === 'extensions') {
    const recs = new Set([...(existing.recommendations || []), ...incoming.recommendations]);
    return { ...existing, recommendations: [...recs] };
  }
  return incoming;
}

fs.mkdirSync(DEST, { recursive: true });
for (const [src, name, kind] of FILES) {
  const from = path.join(SKILL, src);
  const to = path.join(DEST, name);
  if (kind === 'copy') {
    fs.copyFileSync(from, to);
    console.log(`wrote .vscode/${name}`);
    continue;
  }
  const incoming = readJson(from);
  let result = incoming;
  if (fs.existsSync(to)) {
    result = merge(kind, readJson(to), incoming);
    console.log(`merged .vscode/${name}`);
  } else {
    console.log(`wrote .vscode/${name}`);
  }
  fs.writeFileSync(to, JSON.stringify(result, null, 2) + '\n');
}
console.log('Reload the VS Code window to apply.');
