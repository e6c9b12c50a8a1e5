// Format hints for well-known environment variables.
//
// Built-in table plus an optional project-local `env.hints.json`, e.g.:
//   { "SENTRY_DSN": { "type": "url" },
//     "INTERNAL_API_KEY": { "pattern": "^ik_[a-z0-9]{32}$", "label": "an internal key" } }
// No network access: hints never leave the machine and values are never
// sent anywhere.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Hint {
  type?: 'int' | 'bool' | 'url' | 'string';
  pattern?: string;
  label?: string;
}

const BUILTIN: Record<string, Hint> = {
  PORT: { type: 'int' },
  NODE_ENV: { type: 'string', pattern: '^(development|production|test)$', label: 'a NODE_ENV value' },
  DATABASE_URL: { type: 'url' },
  REDIS_URL: { type: 'url' },
  STRIPE_SECRET_KEY: { pattern: '^sk_(live|test)_[A-Za-z0-9]{10,}$', label: 'a Stripe secret key' },
  STRIPE_PUBLISHABLE_KEY: { pattern: '^pk_(live|test)_[A-Za-z0-9]{10,}$', label: 'a Stripe publishable key' },
  OPENAI_API_KEY: { pattern: '^sk-[A-Za-z0-9_-]{20,}$', label: 'an OpenAI key' },
  NEXTAUTH_URL: { type: 'url' },
  NEXTAUTH_SECRET: { pattern: '^.{32,}$', label: 'a 32+ character secret' },
};

export function loadHints(projectDir: string): Record<string, Hint> {
  const file = join(projectDir, 'env.hints.json');
  if (!existsSync(file)) return BUILTIN;
  try {
    const local = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Hint>;
    return { ...BUILTIN, ...local };
  } catch (err) {
    console.error(`env-guard: ignoring invalid ${file}: ${(err as Error).message}`);
    return BUILTIN;
  }
}

/** Masked preview used by --show-masked: first 4 and last 3 characters. */
export function mask(value: string): string {
  if (value.length <= 8) return '*'.repeat(value.length);
  return `${value.slice(0, 4)}…${value.slice(-3)}`;
}
