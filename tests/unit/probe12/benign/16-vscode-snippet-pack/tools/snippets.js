#!/usr/bin/env node
'use strict';
// Validate, search and copy VS Code workspace snippets. No network access.
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

const dir = path.resolve(__dirname, '..', '.vscode');
const strip = (s) => s.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '').replace(/,(\s*[}\]])/g, '$1');

function load() {
  const all = [];
  for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.code-snippets'))) {
    try {
      for (const [name, s] of Object.entries(JSON.parse(strip(fs.readFileSync(path.join(dir, f), 'utf8'))))) {
        all.push({ file: f, name, prefix: [].concat(s.prefix || []), body: [].concat(s.body || []), description: s.description || '' });
      }
    } catch (e) {
      console.log(`${path.join('.vscode', f)}: ${e.message}`);
      process.exitCode = 1;
    }
  }
  return all;
}

function copyToClipboard(text) {
  const cmd = process.platform === 'darwin' ? ['pbcopy', []]
    : process.platform === 'win32' ? ['clip', []]
    : ['xclip', ['-selection', 'clipboard']];
  const r = spawnSync(cmd[0], cmd[1], { input: text });
  return r.status === 0;
}

const [cmd, ...rest] = process.argv.slice(2);
const snippets = load();
if (cmd === 'check') {
  const seen = new Map();
  for (const s of snippets) for (const p of s.prefix) {
    if (seen.has(p)) { console.log(`.vscode/${s.file}: duplicate prefix "${p}" (also in ${seen.get(p)})`); process.exitCode = 1; }
    seen.set(p, s.file);
  }
  console.log(`${snippets.length} snippets checked`);
} else if (cmd === 'find') {
  const q = rest.join(' ').toLowerCase();
  for (const s of snippets.filter((x) => `${x.name} ${x.prefix} ${x.description}`.toLowerCase().includes(q))) {
    console.log(`${s.prefix.join(',').padEnd(10)} ${s.name} - ${s.description}`);
  }
} else if (cmd === 'copy') {
  const s = snippets.find((x) => x.name === rest.join(' '));
  if (!s) { console.error('no such snippet'); process.exit(1); }
  console.log(copyToClipboard(s.body.join('\n')) ? 'copied to clipboard' : 'clipboard tool not available');
} else {
  console.log('usage: snippets.js check | find <text> | copy <name>');
}
