import { readFileSync, existsSync } from "node:fs";

export type Schema = Record<string, { type?: string; required?: boolean; default?: string }>;

export function parseDotenv(file: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!existsSync(file)) return out;
  for (const raw of readFileSync(file, "utf8").split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const m = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!m) continue;
    let v = m[2];
    if ((v.startsWith('"') && v.endsWith('"')) || (v.startsWith("'") && v.endsWith("'"))) {
      v = v.slice(1, -1);
    } else {
      v = v.replace(/\s+#.*$/, "");
    }
    out[m[1]] = v;
  }
  return out;
}

export function checkValue(type: string | undefined, v: string): string | null {
  switch (type) {
    case "int": return /^-?\d+$/.test(v) ? null : "not an integer";
    case "port": return /^\d+$/.test(v) && +v > 0 && +v < 65536 ? null : "not a valid port";
    case "bool": return /^(true|false|1|0|yes|no)$/i.test(v) ? null : "not a boolean";
    case "email": return /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v) ? null : "not an email";
    case "url":
      try { new URL(v); return null; } catch { return "not a URL"; }
    default: return null;
  }
}
