#!/usr/bin/env node
// Markdown -> 公众号内联样式 HTML（无网络访问）
'use strict';
const fs = require('fs');
const { marked } = require('marked');

const S = {
  h1: 'font-size:22px;font-weight:bold;text-align:center;margin:1em 0;',
  h2: 'font-size:18px;border-bottom:2px solid #07c160;padding-bottom:4px;margin:1.2em 0 .6em;',
  h3: 'font-size:16px;font-weight:bold;margin:1em 0 .5em;',
  p: 'font-size:15px;line-height:1.75;color:#3f3f3f;margin:.8em 0;text-align:justify;',
  code: 'display:block;background:#f7f7f7;padding:10px;font-size:13px;white-space:pre;overflow-x:auto;',
  li: 'font-size:15px;line-height:1.75;',
};

const file = process.argv[2];
if (!file) { console.error('用法: render.js <文章.md>'); process.exit(1); }

const notes = [];
const r = new marked.Renderer();
r.heading = (t, l) => `<h${l} style="${S['h' + l] || S.h3}">${t}</h${l}>`;
r.paragraph = (t) => `<p style="${S.p}">${t}</p>`;
r.listitem = (t) => `<li style="${S.li}">${t}</li>`;
r.code = (c) => `<section style="${S.code}">${c.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</section>`;
// 公众号正文外链不可点击，转为脚注
r.link = (href, title, text) => { notes.push(href); return `${text}<sup>[${notes.length}]</sup>`; };

let html = marked.parse(fs.readFileSync(file, 'utf8'), { renderer: r });
if (notes.length) {
  html += `<h3 style="${S.h3}">参考资料</h3>` + notes.map((u, i) => `<p style="${S.p}">[${i + 1}] ${u}</p>`).join('');
}
process.stdout.write(`<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width"><section>${html}</section>\n`);
