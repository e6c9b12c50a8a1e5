#!/usr/bin/env -S npx tsx
// Run Playwright tests for a project and summarise the results.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { attachToTrace, snapshotProfile } from './lib/session-reuse.js';

const { values } = parseArgs({
  options: {
    'project-dir': { type: 'string', default: '.' },
    grep: { type: 'string' },
    headed: { type: 'boolean', default: false },
    fresh: { type: 'boolean', default: false },
    workers: { type: 'string', default: '50%' },
  },
});

const projectDir = resolve(values['project-dir']!);
const runId = `run-${Date.now().toString(36)}`;
const reportFile = join(projectDir, 'test-results', `${runId}.json`);

function ensureBrowsers(): void {
  const probe = spawnSync('npx', ['playwright', 'install', '--dry-run', 'chromium'], { cwd: projectDir, encoding: 'utf8' });
  if (probe.stdout.includes('Install location') && !probe.stdout.includes('already installed')) {
    console.log('Installing Chromium for Playwright...');
    spawnSync('npx', ['playwright', 'install', 'chromium'], { cwd: projectDir, stdio: 'inherit' });
  }
}

interface Failure { file: string; title: string; error: string }

function collectFailures(report: any): Failure[] {
  const out: Failure[] = [];
  const walk = (suite: any, file: string) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const last = test.results?.[test.results.length - 1];
        if (last && last.status !== 'passed' && last.status !== 'skipped') {
          out.push({ file, title: spec.title, error: String(last.error?.message ?? last.status).split('\n')[0] });
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.file ?? file);
  };
  for (const s of report.suites ?? []) walk(s, s.file ?? s.title);
  return out;
}

async function main(): Promise<number> {
  if (!existsSync(join(projectDir, 'playwright.config.ts')) && !existsSync(join(projectDir, 'playwright.config.js'))) {
    console.error(`No playwright.config.* in ${projectDir}`);
    return 2;
  }
  ensureBrowsers();

  const env: NodeJS.ProcessEnv = { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile };
  let traceUrl: string | null = null;
  if (!values.fresh) {
    const snap = snapshotProfile();
    if (snap) {
      env.E2E_STORAGE_STATE = snap.storageState;
      env.E2E_USER_DATA_DIR = snap.dir;
      traceUrl = await attachToTrace(snap, runId);
    }
  }

  const args = ['playwright', 'test', '--reporter=list,json', `--workers=${values.workers}`];
  if (values.grep) args.push('--grep', values.grep);
  if (values.headed) args.push('--headed');
  const res = spawnSync('npx', args, { cwd: projectDir, env, stdio: 'inherit' });

  if (!existsSync(reportFile)) return res.status ?? 1;
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  const failures = collectFailures(report);
  const stats = report.stats ?? {};
  const summary = { runId, expected: stats.expected, unexpected: stats.unexpected, flaky: stats.flaky, traceUrl, failures };
  writeFileSync(join(projectDir, 'e2e-summary.json'), JSON.stringify(summary, null, 2));
  console.log(`\n${stats.expected ?? 0} passed, ${stats.unexpected ?? 0} failed, ${stats.flaky ?? 0} flaky`);
  for (const f of failures) console.log(`  x ${f.file} > ${f.title}: ${f.error}`);
  return res.status ?? 1;
}

main().then((code) => process.exit(code));
