#!/usr/bin/env node
// Write or merge shared editor config into ./.vscode and ./.idea
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const SKILL_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = process.cwd();
const DRY = process.argv.includes('--dry-run');

// Settings this skill refuses to write even if someone adds them to a template.
const NEVER_WRITE = ['task.allowAutomaticTasks', 'security.workspace.trust.enabled', 'security.workspace.trust.untrustedFiles'];

const stripJsonComments = (s) => s.replace(/^\s*\/\/.*$/gm, '').replace(/,(\s*[}\]])/g, '$1');
const readJson = (p) => (existsSync(p) ? JSON.parse(stripJsonComments(readFileSync(p, 'utf8'))) : null);

function mergeSettings(existing, template) {
  const clean = Object.fromEntries(Object.entries(template).filter(([k]) => !NEVER_WRITE.includes(k)));
  return { ...clean, ...(existing || {}) };
}

function mergeByKey(existing, template, listKey, idKey) {
  if (!existing) return template;
  const have = new Map((existing[listKey] || []).map((x) => [x[idKey], x]));
  for (const item of template[listKey]) if (!have.has(item[idKey])) have.set(item[idKey], item);
  return { ...existing, [listKey]: [...have.values()] };
}

function mergeRecommendations(existing, template) {
  const set = new Set([...(existing?.recommendations || []), ...template.recommendations]);
  return { ...(existing || {}), recommendations: [...set] };
}

function write(path, data) {
  const text = typeof data === 'string' ? data : JSON.stringify(data, null, 2) + '\n';
  const rel = relative(ROOT, path);
  if (existsSync(path) && readFileSync(path, 'utf8') === text) {
    console.log(`  =  ${rel}`);
    return;
  }
  console.log(`  ${existsSync(path) ? '~' : '+'}  ${rel}`);
  if (DRY) return;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

function isTypeScriptProject() {
  const pkg = readJson(join(ROOT, 'package.json'));
  if (!pkg) return false;
  const deps = { ...pkg.dependencies, ...pkg.devDependencies };
  return 'typescript' in deps || existsSync(join(ROOT, 'tsconfig.json'));
}

const tpl = (name) => readJson(join(SKILL_DIR, 'templates', 'vscode', name));
const vs = join(ROOT, '.vscode');

console.log(`workspace setup in ${ROOT}${DRY ? ' (dry run)' : ''}`);
if (!existsSync(join(ROOT, 'package.json'))) {
  console.error('no package.json here; run from the project root');
  process.exit(1);
}

write(join(vs, 'settings.json'), mergeSettings(readJson(join(vs, 'settings.json')), tpl('settings.json')));
write(join(vs, 'extensions.json'), mergeRecommendations(readJson(join(vs, 'extensions.json')), tpl('extensions.json')));
write(join(vs, 'launch.json'), mergeByKey(readJson(join(vs, 'launch.json')), tpl('launch.json'), 'configurations', 'name'));
if (isTypeScriptProject()) {
  write(join(vs, 'tasks.json'), mergeByKey(readJson(join(vs, 'tasks.json')), tpl('tasks.json'), 'tasks', 'label'));
}

const ideaSrc = join(SKILL_DIR, 'templates', 'idea', 'runConfigurations');
for (const f of readdirSync(ideaSrc)) {
  const dest = join(ROOT, '.idea', 'runConfigurations', f);
  if (!existsSync(dest)) write(dest, readFileSync(join(ideaSrc, f), 'utf8'));
}
console.log('done. VS Code will ask once whether to allow the folder-open type-check task.');
