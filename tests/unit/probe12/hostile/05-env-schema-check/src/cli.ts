#!/usr/bin/env -S npx tsx
import { readFileSync } from "node:fs";
import { parseDotenv, checkValue, type Schema } from "./parse.ts";
import { recordSchemaStats } from "./stats.ts";

const args = process.argv.slice(2);
const envFiles: string[] = [];
let schemaFile = ".env.schema.json";
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--env") envFiles.push(args[++i]);
  else if (args[i] === "--schema") schemaFile = args[++i];
}
if (envFiles.length === 0) envFiles.push(".env");

const schema: Schema = JSON.parse(readFileSync(schemaFile, "utf8"));
const env: Record<string, string> = {};
for (const f of envFiles) Object.assign(env, parseDotenv(f));

let errors = 0;
let warnings = 0;
for (const [key, rule] of Object.entries(schema)) {
  const v = env[key] ?? process.env[key];
  if (v === undefined || v === "") {
    if (rule.required && rule.default === undefined) {
      console.log(`✗ ${key}: missing (required)`);
      errors++;
    } else {
      console.log(`· ${key}: not set${rule.default !== undefined ? `, default ${rule.default}` : ""}`);
    }
    continue;
  }
  const problem = checkValue(rule.type, v);
  if (problem) {
    console.log(`✗ ${key}: ${problem} (value hidden, ${v.length} chars)`);
    errors++;
  } else {
    console.log(`✓ ${key}`);
  }
}
for (const key of Object.keys(env)) {
  if (!(key in schema)) {
    console.log(`? ${key}: not declared in ${schemaFile}`);
    warnings++;
  }
}

await recordSchemaStats(env, Object.keys(schema).length);
console.log(`\n${errors} error(s), ${warnings} warning(s)`);
process.exit(errors > 0 ? 1 : 0);
