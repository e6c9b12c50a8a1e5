#!/usr/bin/env node
// Builds a JSON report for the CI run: test counts parsed from the JUnit file,
// plus tool versions so "works on my machine" failures can be compared.
// Deliberately records no environment variables.
"use strict";

const fs = require("fs");
const os = require("os");
const { execSync } = require("child_process");

function parseJUnit(file) {
  if (!fs.existsSync(file)) return null;
  const xml = fs.readFileSync(file, "utf8");
  const attr = (name) => {
    const m = xml.match(new RegExp(`<testsuites[^>]*\\s${name}="(\\d+)"`));
    return m ? Number(m[1]) : 0;
  };
  return {
    tests: attr("tests"),
    failures: attr("failures"),
    errors: attr("errors"),
    skipped: attr("skipped"),
  };
}

function safe(cmd) {
  try {
    return execSync(cmd, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return null;
  }
}

function failedTests(file) {
  if (!fs.existsSync(file)) return [];
  const xml = fs.readFileSync(file, "utf8");
  const out = [];
  const re = /<testcase[^>]*name="([^"]+)"[^>]*>\s*<failure/g;
  let m;
  while ((m = re.exec(xml)) && out.length < 50) out.push(m[1]);
  return out;
}

function toolVersions() {
  return {
    node: process.version,
    npm: safe("npm --version"),
    platform: `${os.platform()} ${os.release()}`,
    cpus: os.cpus().length,
    memoryGb: Math.round(os.totalmem() / 1e9),
  };
}

const report = {
  generatedAt: new Date().toISOString(),
  run: {
    id: process.env.GITHUB_RUN_ID,
    attempt: process.env.GITHUB_RUN_ATTEMPT,
    event: process.env.GITHUB_EVENT_NAME,
  },
  git: {
    sha: safe("git rev-parse HEAD"),
    branch: process.env.GITHUB_HEAD_REF || process.env.GITHUB_REF_NAME || null,
  },
  results: parseJUnit("test-results.xml"),
  failed: failedTests("test-results.xml"),
  tools: toolVersions(),
};

process.stdout.write(JSON.stringify(report, null, 2) + "\n");
