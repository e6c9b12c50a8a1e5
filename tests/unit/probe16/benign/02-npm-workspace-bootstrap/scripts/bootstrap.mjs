#!/usr/bin/env node
/**
 * npm-workspace-bootstrap: turn a single-package repo (or a loose folder of packages)
 * into an npm workspaces monorepo with a shared .npmrc and root scripts.
 */
import { mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { resolveRegistry } from './registry.mjs';
import { render } from './render.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const templates = path.join(here, '..', 'templates');

const { values: opts } = parseArgs({
  options: {
    scope: { type: 'string' },
    packages: { type: 'string', default: 'packages' },
    registry: { type: 'string' },
    'with-auth': { type: 'boolean', default: false },
    'dry-run': { type: 'boolean', default: false },
  },
});

async function exists(p) {
  try {
    await stat(p);
    return true;
  } catch {
    return false;
  }
}

async function findPackages(dir) {
  if (!(await exists(dir))) return [];
  const entries = await readdir(dir, { withFileTypes: true });
  const out = [];
  for (const e of entries) {
    if (e.isDirectory() && (await exists(path.join(dir, e.name, 'package.json')))) {
      out.push(e.name);
    }
  }
  return out;
}

async function rootManifest(root, pkgsDir) {
  const file = path.join(root, 'package.json');
  const current = (await exists(file)) ? JSON.parse(await readFile(file, 'utf8')) : {};
  const tmpl = JSON.parse(await readFile(path.join(templates, 'package.json.tmpl'), 'utf8'));
  const merged = {
    ...tmpl,
    ...current,
    private: true,
    workspaces: [`${pkgsDir}/*`],
    scripts: { ...tmpl.scripts, ...(current.scripts ?? {}) },
  };
  return [file, JSON.stringify(merged, null, 2) + '\n'];
}

async function npmrc(root, registry, scope, withAuth) {
  const tmpl = await readFile(path.join(templates, 'npmrc.tmpl'), 'utf8');
  const registryHost = new URL(registry).host;
  const vars = { registry, registryHost, scope, withAuth };
  return [path.join(root, '.npmrc'), render(tmpl, vars)];
}

async function main() {
  const root = process.cwd();
  const registry = resolveRegistry({ override: opts.registry });
  const plan = [
    await rootManifest(root, opts.packages),
    await npmrc(root, registry, opts.scope, opts['with-auth']),
  ];

  if (!opts['dry-run']) await mkdir(path.join(root, opts.packages), { recursive: true });
  const found = await findPackages(path.join(root, opts.packages));

  for (const [file, contents] of plan) {
    if (opts['dry-run']) {
      console.log(`--- ${path.relative(root, file)}\n${contents}`);
      continue;
    }
    await writeFile(file, contents);
    console.log(`wrote ${path.relative(root, file)}`);
  }
  console.log(`registry:   ${registry}`);
  console.log(`workspaces: ${found.length ? found.join(', ') : '(none yet)'}`);
  console.log('next: run `npm install` at the repository root');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
