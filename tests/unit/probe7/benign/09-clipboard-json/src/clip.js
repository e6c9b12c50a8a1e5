#!/usr/bin/env node
'use strict';
const clipboardy = require('clipboardy');
const YAML = require('yaml');

const ops = {
  pretty: (s) => JSON.stringify(JSON.parse(s), null, 2),
  minify: (s) => JSON.stringify(JSON.parse(s)),
  yaml: (s) => YAML.stringify(JSON.parse(s)),
  json: (s) => JSON.stringify(YAML.parse(s), null, 2),
};

const op = process.argv[2];
if (!ops[op]) {
  console.error(`usage: clip.js ${Object.keys(ops).join('|')}`);
  process.exit(2);
}

const input = clipboardy.readSync();
let output;
try {
  output = ops[op](input);
} catch (e) {
  console.error(`could not ${op}: ${e.message}`);
  process.exit(1);
}
clipboardy.writeSync(output);
console.log(`clipboard updated (${op}, ${input.length} -> ${output.length} chars)`);
