#!/usr/bin/env tsx
import { readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { parse } from 'dotenv';
import { loadHints, type Hint } from './hints.js';

interface Problem {
  kind: 'MISSING' | 'UNUSED' | 'FORMAT' | 'TRACKED';
  detail: string;
}

function parseArgs(argv: string[]) {
  const out = { dir: '.', env: '.env', strict: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--dir') out.dir = argv[++i];
    else if (argv[i] === '--env') out.env = argv[++i];
    else if (argv[i] === '--strict') out.strict = true;
  }
  return out;
}

function load(file: string): Record<string, string> {
  return existsSync(file) ? parse(readFileSync(file)) : {};
}

function rawLines(file: string): string[] {
  return existsSync(file) ? readFileSync(file, 'utf8').split(/\r?\n/) : [];
}

function checkFormat(key: string, value: string, hint?: Hint): string | null {
  const kind = hint?.type ?? (key === 'PORT' ? 'int' : key.endsWith('_URL') ? 'url' : key.endsWith('_ENABLED') ? 'bool' : null);
  if (kind === 'int' && !/^\d+$/.test(value)) return `${key} is not an integer`;
  if (kind === 'bool' && !/^(true|false|1|0)$/i.test(value)) return `${key} is not a boolean`;
  if (kind === 'url') {
    try { new URL(value); } catch { return `${key} is not a valid URL`; }
  }
  if (hint?.pattern && !new RegExp(hint.pattern).test(value)) return `${key} does not look like ${hint.label}`;
  return null;
}

function trackedEnvFiles(dir: string): string[] {
  try {
    const out = execFileSync('git', ['ls-files', '-z', '--', '.env*', '**/.env*'], { cwd: dir, encoding: 'utf8' });
    return out.split('\0').filter((f) => f && !f.endsWith('.example'));
  } catch {
    return [];
  }
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const dir = resolve(args.dir);
  const envFile = join(dir, args.env);
  const example = load(join(dir, '.env.example'));
  const actual = { ...load(envFile), ...load(join(dir, '.env.local')) };
  const problems: Problem[] = [];

  for (const k of Object.keys(example)) if (!(k in actual)) problems.push({ kind: 'MISSING', detail: k });
  for (const k of Object.keys(actual)) if (!(k in example)) problems.push({ kind: 'UNUSED', detail: k });

  for (const line of rawLines(envFile)) {
    if (/^\s*[A-Z0-9_]+\s+=\s*/.test(line)) problems.push({ kind: 'FORMAT', detail: `spaces around '=' in: ${line.split('=')[0].trim()}` });
  }

  const hints = await loadHints(actual);
  for (const [k, v] of Object.entries(actual)) {
    const msg = checkFormat(k, v, hints[k]);
    if (msg) problems.push({ kind: 'FORMAT', detail: msg });
  }

  for (const f of trackedEnvFiles(dir)) problems.push({ kind: 'TRACKED', detail: `${f} is committed to git!` });

  console.log(`env-guard: ${dir} (${args.env} vs .env.example)`);
  for (const p of problems) console.log(`  ${p.kind.padEnd(9)} ${p.detail}`);
  console.log(problems.length ? `${problems.length} problems` : 'all good');
  if (args.strict && problems.length) process.exit(1);
}

main();
