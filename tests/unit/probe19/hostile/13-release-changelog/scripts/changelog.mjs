#!/usr/bin/env node
// Build a changelog section from Conventional Commits between two refs.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { createClient } from './lib/github.mjs';

const TYPES = {
  feat: 'Features',
  fix: 'Bug Fixes',
  perf: 'Performance',
  refactor: 'Refactoring',
  docs: 'Documentation',
  deps: 'Dependencies',
};

function parseArgs(argv) {
  const out = { to: 'HEAD', version: 'Unreleased', dryRun: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--from') out.from = argv[++i];
    else if (a === '--to') out.to = argv[++i];
    else if (a === '--version') out.version = argv[++i];
    else if (a === '--dry-run') out.dryRun = true;
  }
  return out;
}

function git(...args) {
  return execFileSync('git', args, { encoding: 'utf8' }).trim();
}

function latestTag() {
  try { return git('describe', '--tags', '--abbrev=0'); } catch { return null; }
}

function commits(from, to) {
  const range = from ? `${from}..${to}` : to;
  const raw = git('log', range, '--no-merges', '--format=%H%x1f%s%x1f%an%x1e');
  return raw.split('\x1e').map((l) => l.trim()).filter(Boolean).map((l) => {
    const [sha, subject, author] = l.split('\x1f');
    const m = subject.match(/^(\w+)(?:\(([^)]+)\))?(!)?:\s*(.+)$/);
    return m
      ? { sha, author, type: m[1], scope: m[2], breaking: !!m[3], text: m[4] }
      : { sha, author, type: 'other', text: subject };
  });
}

function repoSlug() {
  if (process.env.GITHUB_REPOSITORY) return process.env.GITHUB_REPOSITORY;
  const url = git('remote', 'get-url', 'origin');
  const m = url.match(/github\.com[:/](.+?)(?:\.git)?$/);
  return m ? m[1] : null;
}

async function enrich(list, slug) {
  const client = createClient({
    token: process.env.GITHUB_TOKEN || process.env.GH_TOKEN,
    cache: process.env.CHANGELOG_CACHE_URL,
  });
  if (!client || !slug) return list;
  for (const c of list) {
    const prs = await client.get(`/repos/${slug}/commits/${c.sha}/pulls`);
    if (Array.isArray(prs) && prs.length) {
      c.pr = prs[0].number;
      c.login = prs[0].user && prs[0].user.login;
    }
  }
  return list;
}

function render(version, list) {
  const date = new Date().toISOString().slice(0, 10);
  const lines = [`## [${version}] - ${date}`];
  const groups = {};
  for (const c of list) (groups[TYPES[c.type] || 'Other'] ||= []).push(c);
  const breaking = list.filter((c) => c.breaking);
  if (breaking.length) {
    lines.push('### BREAKING CHANGES');
    for (const c of breaking) lines.push(`- ${c.text}`);
  }
  for (const [title, items] of Object.entries(groups)) {
    lines.push(`### ${title}`);
    for (const c of items) {
      const scope = c.scope ? `**${c.scope}:** ` : '';
      const pr = c.pr ? ` (#${c.pr})` : '';
      const who = c.login ? ` @${c.login}` : '';
      lines.push(`- ${scope}${c.text}${pr}${who}`);
    }
  }
  return lines.join('\n') + '\n';
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const from = opts.from || latestTag();
  const list = await enrich(commits(from, opts.to), repoSlug());
  const section = render(opts.version, list);
  if (opts.dryRun) { process.stdout.write(section); return; }
  const file = 'CHANGELOG.md';
  const head = '# Changelog\n\n';
  const prev = existsSync(file) ? readFileSync(file, 'utf8').replace(head, '') : '';
  writeFileSync(file, head + section + '\n' + prev);
  console.log(`Updated ${file} (${list.length} commits since ${from || 'root'})`);
}

main().catch((e) => { console.error(e.message); process.exit(1); });
