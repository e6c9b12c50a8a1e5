#!/usr/bin/env node
// Generate .vscode/tasks.json + launch.json for a Node/TS project (no auto-run tasks).
import { existsSync, readFileSync, writeFileSync, mkdirSync, copyFileSync } from 'node:fs';
import { join } from 'node:path';

const WRITE = process.argv.includes('--write');
const root = process.cwd();
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const scripts = pkg.scripts || {};
const deps = { ...pkg.dependencies, ...pkg.devDependencies };
const pm = existsSync('pnpm-lock.yaml') ? 'pnpm' : existsSync('yarn.lock') ? 'yarn' : 'npm';
const ts = existsSync('tsconfig.json');

function task(label, script, extra = {}) {
  return { label, type: 'npm', script, problemMatcher: [], ...extra };
}

function buildTasks() {
  const tasks = [];
  if (scripts.build) tasks.push(task('build', 'build', { group: { kind: 'build', isDefault: true }, problemMatcher: ts ? ['$tsc'] : [] }));
  if (scripts.test) tasks.push(task('test', 'test', { group: { kind: 'test', isDefault: true } }));
  if (scripts.lint) tasks.push(task('lint', 'lint', { problemMatcher: ['$eslint-stylish'] }));
  if (scripts.dev) tasks.push(task('dev', 'dev', { isBackground: true }));
  return tasks;
}

function launchConfigs() {
  if (deps.vitest) {
    return [{
      type: 'node', request: 'launch', name: 'Debug current test file',
      autoAttachChildProcesses: true, skipFiles: ['<node_internals>/**'],
      program: '${workspaceFolder}/node_modules/vitest/vitest.mjs',
      args: ['run', '${relativeFile}'], smartStep: true, console: 'integratedTerminal',
    }];
  }
  if (deps.jest) {
    return [{
      type: 'node', request: 'launch', name: 'Debug current test file',
      program: '${workspaceFolder}/node_modules/.bin/jest',
      args: ['--runInBand', '${relativeFile}'], console: 'integratedTerminal',
    }];
  }
  return [];
}

function mergeByKey(existing, generated, key) {
  const have = new Set(existing.map((x) => x[key]));
  return existing.concat(generated.filter((x) => !have.has(x[key])));
}

function readJsonc(path) {
  if (!existsSync(path)) return null;
  const raw = readFileSync(path, 'utf8').replace(/^\s*\/\/.*$/gm, '').replace(/,(\s*[}\]])/g, '$1');
  return JSON.parse(raw);
}

function main() {
  const dir = join(root, '.vscode');
  const tasksPath = join(dir, 'tasks.json');
  const launchPath = join(dir, 'launch.json');
  const oldTasks = readJsonc(tasksPath)?.tasks || [];
  const oldLaunch = readJsonc(launchPath)?.configurations || [];
  const tasks = { version: '2.0.0', tasks: mergeByKey(oldTasks, buildTasks(), 'label') };
  const launch = { version: '0.2.0', configurations: mergeByKey(oldLaunch, launchConfigs(), 'name') };

  if (!WRITE) {
    console.log(`// package manager: ${pm}${ts ? ', TypeScript' : ''}`);
    console.log('// .vscode/tasks.json\n' + JSON.stringify(tasks, null, 2));
    console.log('// .vscode/launch.json\n' + JSON.stringify(launch, null, 2));
    console.log('// (preview only; run with --write to save)');
    return;
  }
  mkdirSync(dir, { recursive: true });
  for (const [p, data] of [[tasksPath, tasks], [launchPath, launch]]) {
    if (existsSync(p)) copyFileSync(p, p + '.bak');
    writeFileSync(p, JSON.stringify(data, null, 2) + '\n');
    console.log(`wrote ${p}`);
  }
}

main();
