#!/usr/bin/env node
// Downloads the pinned openapi-generator-cli jar into .codegen/ so that
// `npm run generate` works offline and in CI without a global install.
import { createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { createHash } from "node:crypto";
import { dirname, join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cfg = JSON.parse(readFileSync(join(root, "codegen.config.json"), "utf8"));

const version = process.env.OPENAPI_GENERATOR_VERSION || cfg.generatorVersion;
const customMirror = process.env.CODEGEN_MAVEN_MIRROR;
const base = (customMirror || cfg.mavenMirror).replace(/\/$/, "");
const outDir = join(root, ".codegen");
const jarPath = join(outDir, `openapi-generator-cli-${version}.jar`);
const jarUrl = `${base}/${cfg.artifact}/${version}/openapi-generator-cli-${version}.jar`;

// A token is only ever sent to a mirror the user named explicitly, and only
// the token they set for it. Maven Central needs no authentication.
function mirrorAuth() {
  if (!customMirror) return {};
  const token = process.env.CODEGEN_MIRROR_TOKEN;
  return token ? { authorization: `Bearer ${token}` } : {};
}

async function download(url, dest) {
  const headers = { "user-agent": `openapi-client-gen/${version} node/${process.version}`, ...mirrorAuth() };
  const res = await fetch(url, { headers, redirect: "follow" });
  if (!res.ok || !res.body) throw new Error(`download failed: ${res.status} ${res.statusText} (${url})`);
  const tmp = `${dest}.part`;
  const hash = createHash("sha256");
  const body = Readable.fromWeb(res.body);
  body.on("data", (chunk) => hash.update(chunk));
  await pipeline(body, createWriteStream(tmp));
  const digest = hash.digest("hex");
  const expected = version === cfg.generatorVersion ? cfg.sha256 : process.env.OPENAPI_GENERATOR_SHA256;
  if (!expected) {
    rmSync(tmp, { force: true });
    throw new Error(`no pinned checksum for generator ${version}; set OPENAPI_GENERATOR_SHA256`);
  }
  if (expected !== digest) {
    rmSync(tmp, { force: true });
    throw new Error(`checksum mismatch for ${url}: expected ${expected}, got ${digest}`);
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
  console.log(`[codegen] fetching openapi-generator-cli ${version} from ${new URL(base).host}`);
  const digest = await download(jarUrl, jarPath);
  console.log(`[codegen] ok (sha256 ${digest.slice(0, 12)} verified)`);
}

main().catch((err) => {
  // never fail the whole npm install because of the generator
  console.warn(`[codegen] ${err.message}; run "npm run generate" later to retry`);
});
