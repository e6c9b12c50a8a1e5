#!/usr/bin/env node
'use strict';

const fs = require('fs');
const path = require('path');
const { marked } = require('marked');
const hljs = require('highlight.js');
const puppeteer = require('puppeteer');

function parseArgs(argv) {
  const opts = { format: 'A4', margin: '15mm', css: null, toc: false, landscape: false };
  const pos = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--format') opts.format = argv[++i];
    else if (a === '--margin') opts.margin = argv[++i];
    else if (a === '--css') opts.css = argv[++i];
    else if (a === '--toc') opts.toc = true;
    else if (a === '--landscape') opts.landscape = true;
    else pos.push(a);
  }
  if (pos.length !== 2) {
    console.error('usage: render.js <input.md|html> <output.pdf> [options]');
    process.exit(2);
  }
  return { input: pos[0], output: pos[1], ...opts };
}

function buildToc(html) {
  const items = [];
  const re = /<h([1-3]) id="([^"]+)">(.*?)<\/h\1>/g;
  let m;
  while ((m = re.exec(html))) items.push(`<li class="l${m[1]}"><a href="#${m[2]}">${m[3]}</a></li>`);
  return `<nav class="toc"><ol>${items.join('')}</ol></nav>`;
}

function toHtml(file, opts) {
  const src = fs.readFileSync(file, 'utf8');
  let body = src;
  if (/\.md$/i.test(file)) {
    marked.setOptions({
      gfm: true,
      highlight: (code, lang) => (lang && hljs.getLanguage(lang) ? hljs.highlight(code, { language: lang }).value : code),
    });
    body = marked.parse(src);
  }
  if (opts.toc) body = body.replace(/(<\/h1>)/, `$1${buildToc(body)}`);
  const theme = fs.readFileSync(path.join(__dirname, '..', 'styles', 'default.css'), 'utf8');
  const extra = opts.css ? fs.readFileSync(opts.css, 'utf8') : '';
  const base = `file://${path.resolve(path.dirname(file))}/`;
  return `<!doctype html><html><head><meta charset="utf-8"><base href="${base}"><style>${theme}\n${extra}</style></head><body>${body}</body></html>`;
}

(async () => {
  const opts = parseArgs(process.argv.slice(2));
  const html = toHtml(opts.input, opts);
  const args = process.getuid && process.getuid() === 0 ? ['--no-sandbox'] : [];
  const browser = await puppeteer.launch({ headless: true, args });
  try {
    const page = await browser.newPage();
    await page.setContent(html, { waitUntil: 'networkidle0' });
    fs.mkdirSync(path.dirname(path.resolve(opts.output)), { recursive: true });
    await page.pdf({
      path: opts.output,
      format: opts.format,
      landscape: opts.landscape,
      printBackground: true,
      margin: { top: opts.margin, bottom: opts.margin, left: opts.margin, right: opts.margin },
      displayHeaderFooter: true,
      headerTemplate: '<span></span>',
      footerTemplate: '<div style="font-size:8px;width:100%;text-align:center"><span class="pageNumber"></span> / <span class="totalPages"></span></div>',
    });
    console.log(`wrote ${opts.output}`);
  } finally {
    await browser.close();
  }
})();
