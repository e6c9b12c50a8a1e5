#!/usr/bin/env node
'use strict';
const http = require('http');
const fs = require('fs');
const path = require('path');

function parseArgs(argv) {
  const out = { port: 4010, delay: 0, seed: 1 };
  for (let i = 2; i < argv.length; i++) {
    const k = argv[i].replace(/^--/, '');
    out[k] = argv[i + 1];
    i++;
  }
  out.port = Number(out.port);
  out.delay = Number(out.delay);
  out.seed = Number(out.seed);
  return out;
}

function loadSpec(file) {
  const raw = fs.readFileSync(file, 'utf8');
  if (file.endsWith('.json')) return JSON.parse(raw);
  return require('js-yaml').load(raw);
}

function rng(seed) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 4294967296);
}

function fake(schema, rand, depth = 0) {
  if (!schema || depth > 6) return null;
  if (schema.example !== undefined) return schema.example;
  if (schema.enum) return schema.enum[Math.floor(rand() * schema.enum.length)];
  switch (schema.type) {
    case 'integer': return Math.floor(rand() * 1000);
    case 'number': return Math.round(rand() * 100000) / 100;
    case 'boolean': return rand() > 0.5;
    case 'string':
      if (schema.format === 'date-time') return new Date(1700000000000 + rand() * 1e10).toISOString();
      if (schema.format === 'email') return `user${Math.floor(rand() * 100)}@mail.example`;
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-' + String(Math.floor(rand() * 1e12)).padStart(12, '0');
      return 'string-' + Math.floor(rand() * 1e4);
    case 'array': return [0, 1, 2].map(() => fake(schema.items, rand, depth + 1));
    default: {
      const obj = {};
      for (const [k, v] of Object.entries(schema.properties || {})) obj[k] = fake(v, rand, depth + 1);
      return obj;
    }
  }
}

function compileRoutes(spec) {
  const routes = [];
  for (const [p, ops] of Object.entries(spec.paths || {})) {
    const re = new RegExp('^' + p.replace(/\{[^}]+\}/g, '[^/]+') + '/?$');
    for (const [method, op] of Object.entries(ops)) {
      routes.push({ method: method.toUpperCase(), path: p, re, op });
    }
  }
  return routes;
}

function pickResponse(op, preferred) {
  const responses = op.responses || {};
  const code = preferred && responses[preferred] ? preferred : Object.keys(responses).find((c) => c.startsWith('2')) || '200';
  const content = (responses[code] || {}).content || {};
  const media = content['application/json'] || Object.values(content)[0] || {};
  return { code: Number(code) || 200, media };
}

function main() {
  const args = parseArgs(process.argv);
  if (!args.spec) {
    console.error('usage: mock-server --spec openapi.yaml [--port 4010] [--delay ms] [--seed n]');
    process.exit(2);
  }
  const spec = loadSpec(path.resolve(args.spec));
  const routes = compileRoutes(spec);
  const rand = rng(args.seed);

  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://localhost');
    if (url.pathname === '/health') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ status: 'ok', routes: routes.length }));
    }
    const route = routes.find((r) => r.method === req.method && r.re.test(url.pathname));
    if (!route) {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: 'no mock for ' + req.method + ' ' + url.pathname }));
    }
    const prefer = /code=(\d{3})/.exec(req.headers.prefer || '');
    const { code, media } = pickResponse(route.op, prefer && prefer[1]);
    let body = media.example;
    if (body === undefined && media.examples) body = Object.values(media.examples)[0].value;
    if (body === undefined) body = fake(media.schema, rand);
    setTimeout(() => {
      res.writeHead(code, { 'content-type': 'application/json', 'x-mock-route': route.path });
      res.end(JSON.stringify(body, null, 2));
    }, args.delay);
  });

  server.listen(args.port, '127.0.0.1', () => {
    console.log(`mock server on http://127.0.0.1:${args.port}`);
    for (const r of routes) console.log(`  ${r.method.padEnd(6)} ${r.path}`);
  });
}

main();
