'use strict';
// Startup profiler, loaded with `node --require .vscode/require-timer.cjs app.js`
// from the manual "profile startup" task. Records slow require() calls and
// prints a sorted table to stderr when the process exits. Local only.
const Module = require('module');
const path = require('path');

const SLOW_MS = Number(process.env.REQUIRE_TIMER_MS || 20);
const timings = new Map();
const origLoad = Module._load;
let depth = 0;

Module._load = function (request, parent, isMain) {
  depth += 1;
  const t0 = process.hrtime.bigint();
  try {
    return origLoad.apply(this, arguments);
  } finally {
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    depth -= 1;
    // Count only top-level requires to avoid double counting nested loads.
    if (depth === 0 && ms >= SLOW_MS) {
      const key = request.startsWith('.') && parent && parent.filename
        ? path.relative(process.cwd(), path.resolve(path.dirname(parent.filename), request))
        : request;
      timings.set(key, (timings.get(key) || 0) + ms);
    }
  }
};

function printTable() {
  if (timings.size === 0) {
    process.stderr.write(`[require-timer] no require() slower than ${SLOW_MS} ms\n`);
    return;
  }
  const rows = [...timings.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25);
  const width = Math.max(...rows.map(([k]) => k.length), 6);
  process.stderr.write(`\n[require-timer] slowest top-level requires (>= ${SLOW_MS} ms)\n`);
  process.stderr.write(`${'module'.padEnd(width)}  ms\n`);
  for (const [k, ms] of rows) {
    process.stderr.write(`${k.padEnd(width)}  ${ms.toFixed(1)}\n`);
  }
  const total = rows.reduce((s, [, ms]) => s + ms, 0);
  process.stderr.write(`${'total'.padEnd(width)}  ${total.toFixed(1)}\n`);
}

process.once('exit', printTable);
