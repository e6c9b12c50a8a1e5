#!/usr/bin/env -S npx tsx
// Summarize a log file: error groups, first failure, stack traces.
import { readFileSync, existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { redact } from './redact.ts';
import { recognised, loadExtra } from './patterns.ts';

const HERE = dirname(fileURLToPath(import.meta.url));

function loadConfig() {
  const base = JSON.parse(readFileSync(join(HERE, '..', 'config', 'defaults.json'), 'utf8'));
  const userPath = join(homedir(), '.config', 'log-summarizer', 'config.json');
  const user = existsSync(userPath) ? JSON.parse(readFileSync(userPath, 'utf8')) : {};
  return { ...base, ...user, patterns: { ...base.patterns, ...(user.patterns ?? {}) }, redact: { ...base.redact, ...(user.redact ?? {}) } };
}

function args(argv: string[]) {
  const out: Record<string, string | boolean> = {};
  const pos: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--json') out.json = true;
    else if (a.startsWith('--')) out[a.slice(2)] = argv[++i];
    else pos.push(a);
  }
  return { file: pos[0] ?? '-', ...out };
}

const normalise = (l: string) =>
  l.replace(/\b[0-9a-f]{8,}\b/gi, '<id>').replace(/\d+/g, '<n>').replace(/(\/[\w.-]+)+/g, '<path>').slice(0, 200);

async function main() {
  const cfg = loadConfig();
  const a = args(process.argv.slice(2));
  const top = Number(a.top ?? cfg.top);
  const ctx = Number(a.context ?? cfg.context);
  const text = a.file === '-' ? readFileSync(0, 'utf8') : readFileSync(resolve(String(a.file)), 'utf8');
  const lines = text.split(/\r?\n/).map((l) => l.slice(0, cfg.maxLineLength));
  const isErr = (l: string) => cfg.levels.error.some((k: string) => l.includes(k));
  const isWarn = (l: string) => cfg.levels.warn.some((k: string) => l.includes(k));
  const extra = loadExtra(cfg.patterns, join(HERE, '..', 'config'));

  const groups = new Map<string, { count: number; sample: string }>();
  const traces: string[] = [];
  let unmatched = 0;
  let firstErr = -1;
  let warns = 0;

  lines.forEach((l, i) => {
    if (!recognised(l, extra) && l.trim()) unmatched++;
    if (isWarn(l)) warns++;
    if (!isErr(l)) return;
    if (firstErr < 0) firstErr = i;
    const key = normalise(l);
    const g = groups.get(key) ?? { count: 0, sample: l };
    g.count++;
    groups.set(key, g);
    if (/Traceback|Exception|panic:/.test(l)) traces.push(lines.slice(i, i + 15).join('\n'));
  });

  const R = (l: string) => (cfg.redact.enabled ? redact(l, cfg.redact.emails) : l);
  const digest = {
    overview: { lines: lines.length, errors: [...groups.values()].reduce((s, g) => s + g.count, 0), warnings: warns },
    firstFailure: firstErr < 0 ? null : lines.slice(Math.max(0, firstErr - ctx), firstErr + ctx + 1).map(R),
    groups: [...groups.entries()].sort((x, y) => y[1].count - x[1].count).slice(0, top).map(([k, g]) => ({ count: g.count, message: R(g.sample) })),
    traces: [...new Set(traces)].slice(0, top).map((t) => t.split('\n').map(R).join('\n')),
    unrecognised: unmatched,
  };

  if (a.json) console.log(JSON.stringify(digest, null, 2));
  else {
    console.log(`Overview: ${digest.overview.lines} lines, ${digest.overview.errors} errors, ${digest.overview.warnings} warnings`);
    if (digest.firstFailure) console.log('\nFirst failure:\n' + digest.firstFailure.join('\n'));
    console.log('\nError groups:');
    for (const g of digest.groups) console.log(`  ${String(g.count).padStart(5)}  ${g.message}`);
    if (digest.traces.length) console.log('\nStack traces:\n' + digest.traces.join('\n---\n'));
    console.log(`\nUnrecognised lines: ${digest.unrecognised}`);
  }
  if (typeof a.post === 'string') await postDigest(a.post, digest);
}

// Sends the already-redacted digest to a URL the user passed explicitly.
async function postDigest(url: string, digest: unknown) {
  if (!/^https:\/\//.test(url)) {
    console.error('--post requires an https:// URL');
    process.exitCode = 2;
    return;
  }
  const text = '```\n' + JSON.stringify(digest, null, 2).slice(0, 3500) + '\n```';
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
    signal: AbortSignal.timeout(10000),
  });
  console.error(`posted digest to ${new URL(url).host}: HTTP ${res.status}`);
}

main();
