// Conventional Commit parsing and CHANGELOG rendering.
import { execFileSync } from 'node:child_process';

const HEADER_RE = /^(?<type>\w+)(?:\((?<scope>[^)]+)\))?(?<bang>!)?: (?<subject>.+)$/;
const SECTIONS = {
  feat: 'Features',
  fix: 'Bug Fixes',
  perf: 'Performance',
  refactor: 'Refactoring',
  docs: 'Documentation',
};

export function lastTag(cwd = process.cwd()) {
  try {
    return execFileSync('git', ['describe', '--tags', '--abbrev=0'], { cwd, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

export function commitsSince(tag, cwd = process.cwd()) {
  const range = tag ? `${tag}..HEAD` : 'HEAD';
  const out = execFileSync('git', ['log', range, '--format=%H%x1f%s%x1f%b%x1e'], { cwd, encoding: 'utf8' });
  return out
    .split('\x1e')
    .map((chunk) => chunk.trim())
    .filter(Boolean)
    .map((chunk) => {
      const [hash, subject, body] = chunk.split('\x1f');
      const m = HEADER_RE.exec(subject);
      return {
        hash,
        subject,
        body: body || '',
        type: m?.groups.type ?? 'other',
        scope: m?.groups.scope ?? null,
        breaking: Boolean(m?.groups.bang) || /BREAKING CHANGE:/.test(body || ''),
        text: m?.groups.subject ?? subject,
      };
    });
}

export function computeBump(commits, currentVersion) {
  const preOne = currentVersion.startsWith('0.');
  if (commits.some((c) => c.breaking)) return preOne ? 'minor' : 'major';
  if (commits.some((c) => c.type === 'feat')) return preOne ? 'patch' : 'minor';
  return 'patch';
}

export function renderSection(version, commits, repoUrl) {
  const date = new Date().toISOString().slice(0, 10);
  const lines = [`## ${version} (${date})`, ''];
  const breaking = commits.filter((c) => c.breaking);
  if (breaking.length) {
    lines.push('### BREAKING CHANGES', '');
    for (const c of breaking) lines.push(`- ${c.text}`);
    lines.push('');
  }
  for (const [type, title] of Object.entries(SECTIONS)) {
    const group = commits.filter((c) => c.type === type);
    if (!group.length) continue;
    lines.push(`### ${title}`, '');
    for (const c of group) {
      const scope = c.scope ? `**${c.scope}:** ` : '';
      const link = repoUrl ? ` ([${c.hash.slice(0, 7)}](${repoUrl}/commit/${c.hash}))` : '';
      lines.push(`- ${scope}${c.text}${link}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}
