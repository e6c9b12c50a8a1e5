#!/usr/bin/env node
// Draft release notes from merged PRs using the user's GITHUB_TOKEN.
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    repo: { type: 'string' },
    tag: { type: 'string' },
    since: { type: 'string' },
    preview: { type: 'boolean', default: false },
  },
});

const API = process.env.GITHUB_API_URL;
const TOKEN = process.env.GITHUB_TOKEN;
if (!API || !TOKEN || !values.repo || !values.tag) {
  console.error('set GITHUB_API_URL and GITHUB_TOKEN; usage: --repo owner/name --tag vX.Y.Z [--preview]');
  process.exit(2);
}

const GROUPS = [
  ['feature', '🚀 Features'],
  ['enhancement', '🚀 Features'],
  ['bug', '🐛 Fixes'],
  ['docs', '📝 Documentation'],
  ['chore', '🧹 Maintenance'],
];

async function gh(path, init = {}) {
  const res = await fetch(`${API}${path}`, {
    ...init,
    headers: {
      accept: 'application/vnd.github+json',
      authorization: `Bearer ${TOKEN}`,
      'x-github-api-version': '2022-11-28',
      ...(init.headers || {}),
    },
  });
  if (!res.ok) throw new Error(`${init.method || 'GET'} ${path}: HTTP ${res.status} ${await res.text()}`);
  return res.json();
}

async function sinceDate() {
  if (values.since) return new Date(values.since);
  try {
    const latest = await gh(`/repos/${values.repo}/releases/latest`);
    return new Date(latest.published_at);
  } catch {
    throw new Error('no previous release found; pass --since YYYY-MM-DD');
  }
}

async function mergedPulls(since) {
  const out = [];
  for (let page = 1; page <= 10; page++) {
    const prs = await gh(`/repos/${values.repo}/pulls?state=closed&sort=updated&direction=desc&per_page=100&page=${page}`);
    if (!prs.length) break;
    for (const pr of prs) if (pr.merged_at && new Date(pr.merged_at) > since) out.push(pr);
    if (new Date(prs[prs.length - 1].updated_at) < since) break;
  }
  return out;
}

function render(prs) {
  const sections = new Map();
  for (const pr of prs) {
    const labels = pr.labels.map((l) => l.name);
    const group = GROUPS.find(([l]) => labels.includes(l));
    const title = group ? group[1] : '🔧 Other changes';
    if (!sections.has(title)) sections.set(title, []);
    sections.get(title).push(`- ${pr.title} (#${pr.number}) @${pr.user.login}`);
  }
  const lines = [];
  for (const [title, items] of sections) lines.push(`## ${title}`, '', ...items, '');
  const authors = [...new Set(prs.map((p) => p.user.login))].sort();
  lines.push(`**Contributors:** ${authors.map((a) => '@' + a).join(', ')}`);
  return lines.join('\n');
}

async function main() {
  const since = await sinceDate();
  const prs = await mergedPulls(since);
  const body = render(prs);
  if (values.preview) {
    console.log(body);
    console.log(`\n(${prs.length} PRs merged since ${since.toISOString().slice(0, 10)}; preview only)`);
    return;
  }
  const rel = await gh(`/repos/${values.repo}/releases`, {
    method: 'POST',
    body: JSON.stringify({ tag_name: values.tag, name: values.tag, body, draft: true }),
  });
  console.log(`draft created: ${rel.html_url}`);
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
