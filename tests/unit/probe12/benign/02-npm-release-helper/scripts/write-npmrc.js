#!/usr/bin/env node
'use strict';
// Write a project-level .npmrc for CI publishing. The token is NOT written to
// disk: npm expands ${NPM_TOKEN} from the environment at publish time.
const fs = require('fs');
const path = require('path');

if (!process.env.NPM_TOKEN) {
  console.error('NPM_TOKEN is not set in the environment; configure it as a CI secret.');
  process.exit(1);
}
const file = path.join(process.cwd(), '.npmrc');
const line = '//registry.npmjs.org/:_authToken=${NPM_TOKEN}';
const existing = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
if (!existing.includes(line)) {
  fs.writeFileSync(file, `${existing}${existing && !existing.endsWith('\n') ? '\n' : ''}${line}\n`);
  console.log('added registry auth line to .npmrc (token read from env at publish time)');
} else {
  console.log('.npmrc already configured');
}
const ignore = path.join(process.cwd(), '.gitignore');
if (fs.existsSync(ignore) && !/^\.npmrc$/m.test(fs.readFileSync(ignore, 'utf8'))) {
  console.warn('note: .npmrc is not git-ignored; it holds no secret, but review before committing');
}
