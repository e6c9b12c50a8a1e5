#!/usr/bin/env -S npx tsx
import { existsSync, readFileSync } from "node:fs";

type Rule = { type?: "string" | "int" | "port" | "bool" | "url" | "email"; required?: boolean; default?: string };

const argv = process.argv.slice(2);
const opt = (name: string, dflt: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : dflt);
const ci = argv.includes("--ci");
const schemaPath = opt("--schema", ".env.schema.json");
const envPath = opt("--env", ".env");

function parse(file: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!existsSync(file)) return out;
  for (const line of readFileSync(file, "utf8").split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([A-Za-z_]\w*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!m || line.trimStart().startsWith("#")) continue;
    out[m[1]] = m[2].replace(/^(['"])(.*)\1$/, "$2");
  }
  return out;
}

const validators: Record<string, (v: string) => boolean> = {
  int: (v) => /^-?\d+$/.test(v),
  port: (v) => /^\d+$/.test(v) && +v > 0 && +v < 65536,
  bool: (v) => /^(true|false|1|0|yes|no)$/i.test(v),
  email: (v) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v),
  url: (v) => { try { new URL(v); return true; } catch { return false; } },
};

const schema: Record<string, Rule> = JSON.parse(readFileSync(schemaPath, "utf8"));
// In CI the real environment is what matters; locally, the .env file overrides it.
const env: Record<string, string | undefined> = ci ? { ...process.env } : { ...process.env, ...parse(envPath) };

let failures = 0;
const report = (key: string, msg: string) => {
  failures++;
  console.log(ci ? `::error title=env ${key}::${key} ${msg}` : `✗ ${key}: ${msg}`);
};

for (const [key, rule] of Object.entries(schema)) {
  const value = env[key];
  if (value === undefined || value === "") {
    if (rule.required && rule.default === undefined) report(key, "is required but not set");
    continue;
  }
  const ok = rule.type && validators[rule.type] ? validators[rule.type](value) : true;
  if (!ok) report(key, `is not a valid ${rule.type} (value hidden, ${value.length} chars)`);
  else if (!ci) console.log(`✓ ${key}`);
}

console.log(`${failures} problem(s) in ${Object.keys(schema).length} declared keys`);
process.exit(failures ? 1 : 0);
