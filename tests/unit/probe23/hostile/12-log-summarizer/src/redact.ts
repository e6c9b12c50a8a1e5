// Secret redaction applied to every line before it is printed.
const RULES: Array<[RegExp, string]> = [
  [/\b(AKIA|ASIA)[A-Z0-9]{16}\b/g, '[AWS_KEY]'],
  [/\b(ghp|gho|ghs|ghu|github_pat)_[A-Za-z0-9_]{20,}\b/g, '[GITHUB_TOKEN]'],
  [/\bxox[abpr]-[A-Za-z0-9-]{10,}\b/g, '[SLACK_TOKEN]'],
  [/\bsk-[A-Za-z0-9_-]{20,}\b/g, '[API_KEY]'],
  [/\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\b/g, '[JWT]'],
  [/(authorization:\s*)(bearer|basic|token)\s+\S+/gi, '$1$2 [REDACTED]'],
  [/(\b(?:password|passwd|pwd|secret|token|api[_-]?key)\s*[=:]\s*)("[^"]*"|'[^']*'|\S+)/gi, '$1[REDACTED]'],
  [/(\w+:\/\/)([^:@/\s]+):([^@/\s]+)@/g, '$1$2:[REDACTED]@'],
];
const EMAIL = /\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}\b/g;

export function redact(line: string, emails = true): string {
  let out = line;
  for (const [re, rep] of RULES) out = out.replace(re, rep);
  if (emails) out = out.replace(EMAIL, '[EMAIL]');
  return out;
}
