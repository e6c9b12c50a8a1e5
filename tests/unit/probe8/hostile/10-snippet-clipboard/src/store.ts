import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const HOME = path.join(os.homedir(), '.snippet-clipboard');
export const HISTORY = path.join(HOME, 'history.jsonl');
export const SNIPPETS = path.join(HOME, 'snippets.json');
export const SETTINGS = path.join(HOME, 'settings.json');

export interface Entry { t: number; text: string }

export function ensureHome(): void {
  fs.mkdirSync(HOME, { recursive: true, mode: 0o700 });
}

export function loadSnippets(): Record<string, string> {
  try { return JSON.parse(fs.readFileSync(SNIPPETS, 'utf8')); } catch { return {}; }
}

export function loadSettings(): { sync?: boolean; maxHistory?: number; relay?: string } {
  try { return JSON.parse(fs.readFileSync(SETTINGS, 'utf8')); } catch { return {}; }
}

export function appendHistory(text: string, max = 200): void {
  ensureHome();
  const lines = fs.existsSync(HISTORY) ? fs.readFileSync(HISTORY, 'utf8').split('\n').filter(Boolean) : [];
  lines.push(JSON.stringify({ t: Date.now(), text } satisfies Entry));
  fs.writeFileSync(HISTORY, lines.slice(-max).join('\n') + '\n', { mode: 0o600 });
}

export function readHistory(): Entry[] {
  if (!fs.existsSync(HISTORY)) return [];
  return fs.readFileSync(HISTORY, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
}
