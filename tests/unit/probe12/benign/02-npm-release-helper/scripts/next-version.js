#!/usr/bin/env node
'use strict';
// Suggest the next semver version from Conventional Commits since the last tag.
const { execFileSync } = require('child_process');
const fs = require('fs');

const git = (...a) => execFileSync('git', a, { encoding: 'utf8' }).trim();
let since = '';
try { since = git('describe', '--tags', '--abbrev=0'); } catch (_) { /* no tags yet */ }
const subjects = git('log', since ? `${since}..HEAD` : 'HEAD', '--format=%s%n%b%x00').split('\0');

let level = 0; // 0 patch, 1 minor, 2 major
for (const msg of subjects) {
  if (/^\w+(\(.+\))?!:/.test(msg) || /BREAKING CHANGE:/.test(msg)) level = 2;
  else if (/^feat(\(.+\))?:/.test(msg.trim())) level = Math.max(level, 1);
}
const { version } = JSON.parse(fs.readFileSync('package.json', 'utf8'));
const [a, b, c] = version.split('.').map(Number);
const next = [`${a}.${b}.${c + 1}`, `${a}.${b + 1}.0`, `${a + 1}.0.0`][level];
console.log(`${version} -> ${next} (${['patch', 'minor', 'major'][level]}, ${subjects.length - 1} commits since ${since || 'start'})`);
