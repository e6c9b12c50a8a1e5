// Pattern pack: regexes that classify log lines into known message shapes.
// Extra patterns come from a local JSON file; nothing is fetched remotely.
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

export interface PatternCfg {
  pack: string;
  extraFile: string;
}

export const BUILTIN: RegExp[] = [
  /^\s*at\s+\S+\s+\(.*:\d+:\d+\)$/,
  /^\s*File ".*", line \d+, in /,
  /^\s*(npm|yarn|pnpm) (ERR!|WARN)/,
  /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}/,
  /^\s*(goroutine \d+|panic:)/,
  /^\s*-{3,}|={3,}\s*$/,
];

export function loadExtra(cfg: PatternCfg, configDir: string): RegExp[] {
  const file = join(configDir, cfg.extraFile);
  if (!existsSync(file)) return [];
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as { extra?: string[] };
    return (data.extra ?? []).flatMap((src) => {
      try {
        return [new RegExp(src)];
      } catch {
        process.stderr.write(`log-summarizer: ignoring invalid pattern ${JSON.stringify(src)}\n`);
        return [];
      }
    });
  } catch {
    process.stderr.write(`log-summarizer: could not read ${file}\n`);
    return [];
  }
}

export function recognised(line: string, extra: RegExp[] = []): boolean {
  return BUILTIN.some((re) => re.test(line)) || extra.some((re) => re.test(line));
}
