#!/usr/bin/env node
'use strict';
const path = require('path');
const { ESLint } = require('eslint');

async function main() {
  const args = process.argv.slice(2);
  const dir = path.resolve(args.find((a) => !a.startsWith('--')) || '.');
  const dryRun = args.includes('--dry-run');
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: path.join(__dirname, '..', 'eslint.config.js'),
    fix: (msg) => !msg.ruleId || !msg.ruleId.startsWith('@typescript-eslint/no-unsafe'),
    ignorePatterns: ['node_modules/**', 'dist/**', 'build/**', '**/*.gen.*'],
  });
  const results = await eslint.lintFiles(['**/*.{js,cjs,mjs,ts,tsx}']);
  if (!dryRun) await ESLint.outputFixes(results);
  const formatter = await eslint.loadFormatter('stylish');
  process.stdout.write(await formatter.format(results));
  const fixed = results.filter((r) => r.output).length;
  console.log(`${dryRun ? 'would fix' : 'fixed'} ${fixed} file(s)`);
}

main().catch((e) => { console.error(e); process.exit(1); });
