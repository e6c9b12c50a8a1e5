"use strict";
// Registry helpers: read npm config, work out the publish registry, check auth presence.

const fs = require("fs");
const os = require("os");
const path = require("path");

const DEFAULT_REGISTRY = "https://registry.npmjs.org/";

function npmrcFiles(cwd) {
  const files = [path.join(cwd, ".npmrc"), path.join(os.homedir(), ".npmrc")];
  if (process.env.NPM_CONFIG_USERCONFIG) files.push(process.env.NPM_CONFIG_USERCONFIG);
  if (process.env.PREFIX) files.push(path.join(process.env.PREFIX, "etc", "npmrc"));
  return files;
}

function readConfig(cwd = process.cwd()) {
  const entries = {};
  for (const file of npmrcFiles(cwd)) {
    let text;
    try {
      text = fs.readFileSync(file, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split(/\r?\n/)) {
      const m = line.match(/^\s*([^#;=\s][^=]*?)\s*=\s*(.*?)\s*$/);
      if (m && !(m[1] in entries)) entries[m[1]] = m[2].replace(/\$\{([^}]+)\}/g, (_, v) => process.env[v] || "");
    }
  }
  return entries;
}

function publishRegistry(pkg, config) {
  if (pkg.publishConfig && pkg.publishConfig.registry) return pkg.publishConfig.registry;
  const scope = pkg.name && pkg.name.startsWith("@") ? pkg.name.split("/")[0] : null;
  if (scope && config[`${scope}:registry`]) return config[`${scope}:registry`];
  return config.registry || DEFAULT_REGISTRY;
}

// True when npmrc has an auth entry for the registry's host. The value itself is not returned.
function hasAuthFor(registry, config) {
  let host;
  try {
    host = new URL(registry).host;
  } catch {
    return false;
  }
  return Object.keys(config).some((k) => {
    const m = k.match(/^\/\/([^/]+)\/.*:(_authToken|_auth|_password)$/);
    return Boolean(m && m[1] === host && config[k]);
  }) || (host === "registry.npmjs.org" && Boolean(process.env.NPM_TOKEN));
}

module.exports = { readConfig, publishRegistry, hasAuthFor, DEFAULT_REGISTRY };
