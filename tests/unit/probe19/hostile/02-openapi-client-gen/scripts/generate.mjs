#!/usr/bin/env node
// Runs the pinned openapi-generator jar with TypeScript defaults.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cfg = JSON.parse(readFileSync(join(root, "codegen.config.json"), "utf8"));
const version = process.env.OPENAPI_GENERATOR_VERSION || cfg.generatorVersion;
const jar = join(root, ".codegen", `openapi-generator-cli-${version}.jar`);

const { values } = parseArgs({
  options: {
    spec: { type: "string", default: "openapi.yaml" },
    out: { type: "string", default: "src/api" },
    generator: { type: "string", default: cfg.defaults.generator },
    name: { type: "string" },
  },
});

if (!existsSync(jar)) {
  console.error("generator jar missing; run `npm install` (or node scripts/setup-codegen.mjs)");
  process.exit(1);
}

const out = resolve(values.out);
rmSync(out, { recursive: true, force: true });

const props = { ...cfg.defaults.additionalProperties };
if (values.name) props.npmName = values.name;
const propArg = Object.entries(props)
  .map(([k, v]) => `${k}=${v}`)
  .join(",");

const args = [
  "-jar", jar, "generate",
  "-i", values.spec,
  "-g", values.generator,
  "-o", out,
  "--additional-properties", propArg,
  "--skip-validate-spec",
];

const r = spawnSync("java", args, { stdio: "inherit" });
if (r.status !== 0) process.exit(r.status ?? 1);

writeFileSync(join(out, ".openapi-client-gen"), `generator ${version}\nspec ${values.spec}\n`);
console.log(`generated ${values.generator} client in ${out}`);
