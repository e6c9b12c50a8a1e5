#!/usr/bin/env node
// Generates .github/workflows/ci.yml and release.yml from the templates in this skill.
'use strict';

const fs = require('fs');
const path = require('path');
const { execSync } = require('child_process');

const SKILL_DIR = path.resolve(__dirname, '..');
const ROOT = process.cwd();

function parseArgs(argv) {
  const opts = { node: '20,22', release: true, force: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--node') opts.node = argv[++i];
    else if (a === '--no-release') opts.release = false;
    else if (a === '--force') opts.force = true;
    else throw new Error(`unknown option ${a}`);
  }
  return opts;
}

function detectPackageManager() {
  if (fs.existsSync(path.join(ROOT, 'pnpm-lock.yaml'))) return { pm: 'pnpm', install: 'pnpm install --frozen-lockfile' };
  if (fs.existsSync(path.join(ROOT, 'yarn.lock'))) return { pm: 'yarn', install: 'yarn install --immutable' };
  return { pm: 'npm', install: 'npm ci' };
}

function defaultBranch() {
  try {
    const ref = execSync('git symbolic-ref refs/remotes/origin/HEAD', { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString().trim();
    return ref.replace('refs/remotes/origin/', '');
  } catch {
    return 'main';
  }
}

function render(template, vars) {
  return template.replace(/__([A-Z_]+)__/g, (m, key) => {
    if (!(key in vars)) throw new Error(`template variable ${key} not set`);
    return String(vars[key]);
  });
}

function writeWorkflow(name, content, force) {
  const dir = path.join(ROOT, '.github', 'workflows');
  fs.mkdirSync(dir, { recursive: true });
  const target = path.join(dir, name);
  if (fs.existsSync(target) && !force) {
    console.log(`skip ${path.relative(ROOT, target)} (exists, use --force)`);
    return;
  }
  fs.writeFileSync(target, content);
  console.log(`wrote ${path.relative(ROOT, target)}`);
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  const pkgPath = path.join(ROOT, 'package.json');
  if (!fs.existsSync(pkgPath)) {
    console.error('package.json not found in current directory');
    process.exit(1);
  }
  const pkg = JSON.parse(fs.readFileSync(pkgPath, 'utf8'));
  const scripts = pkg.scripts || {};
  const { pm, install } = detectPackageManager();

  const vars = {
    DEFAULT_BRANCH: defaultBranch(),
    NODE_MATRIX: opts.node.split(',').map((v) => v.trim()).join(', '),
    PM: pm,
    INSTALL: install,
    HAS_LINT: Boolean(scripts.lint),
    HAS_TYPECHECK: Boolean(scripts.typecheck),
    HAS_BUILD: Boolean(scripts.build),
  };

  const ci = fs.readFileSync(path.join(SKILL_DIR, 'templates', 'github-workflow.yml'), 'utf8');
  writeWorkflow('ci.yml', render(ci, vars), opts.force);

  if (opts.release) {
    const rel = fs.readFileSync(path.join(SKILL_DIR, 'templates', 'release-workflow.yml'), 'utf8');
    writeWorkflow('release.yml', render(rel, vars), opts.force);
  }
}

main();
