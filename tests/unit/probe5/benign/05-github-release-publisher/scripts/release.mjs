#!/usr/bin/env node
// Create/update a draft GitHub release and upload assets with SHA256SUMS.
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { basename } from "node:path";

const args = process.argv.slice(2);
const flag = (k) => args.includes(k);
const opt = (k) => (args.includes(k) ? args[args.indexOf(k) + 1] : undefined);
const assets = args.includes("--assets") ? args.slice(args.indexOf("--assets") + 1).filter((a) => !a.startsWith("--")) : [];

const token = process.env.GITHUB_TOKEN || process.env.GH_TOKEN;
const api = (process.env.GITHUB_API_URL || "").replace(/\/$/, "");
if (!api) throw new Error("GITHUB_API_URL is not set (e.g. https://github.acme.example/api/v3)");
if (!token && !flag("--dry-run")) throw new Error("GITHUB_TOKEN / GH_TOKEN is not set");

function repo() {
  if (process.env.GITHUB_REPOSITORY) return process.env.GITHUB_REPOSITORY;
  const url = execFileSync("git", ["remote", "get-url", "origin"]).toString().trim();
  const m = url.match(/[:/]([^/:]+\/[^/]+?)(\.git)?$/);
  if (!m) throw new Error(`cannot parse origin url ${url}`);
  return m[1];
}

async function gh(method, path, body, headers = {}) {
  const res = await fetch(path.startsWith("http") ? path : `${api}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, accept: "application/vnd.github+json", "x-github-api-version": "2022-11-28", ...headers },
    body: body && !(body instanceof Uint8Array) ? JSON.stringify(body) : body,
  });
  if (res.status === 404 && method === "GET") return null;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  return res.status === 204 ? null : res.json();
}

const tag = opt("--tag");
if (!tag) throw new Error("--tag is required");
const notes = opt("--notes") ? readFileSync(opt("--notes"), "utf8") : "";
const R = repo();

const sums = assets.map((f) => `${createHash("sha256").update(readFileSync(f)).digest("hex")}  ${basename(f)}`);
if (flag("--dry-run")) {
  console.log(`would create/update draft ${tag} on ${R} via ${api}`);
  assets.forEach((f) => console.log(`  asset ${basename(f)} (${statSync(f).size} bytes)`));
  console.log(`  SHA256SUMS.txt:\n${sums.map((s) => "    " + s).join("\n")}`);
  process.exit(0);
}

let rel = await gh("GET", `/repos/${R}/releases/tags/${encodeURIComponent(tag)}`);
if (!rel) {
  const drafts = (await gh("GET", `/repos/${R}/releases?per_page=30`)) || [];
  rel = drafts.find((r) => r.draft && r.tag_name === tag);
}
rel = rel
  ? await gh("PATCH", `/repos/${R}/releases/${rel.id}`, { body: notes || rel.body, draft: !flag("--publish") })
  : await gh("POST", `/repos/${R}/releases`, { tag_name: tag, name: tag, body: notes, draft: !flag("--publish") });

const uploadBase = rel.upload_url.replace(/\{.*\}$/, "");
const upload = async (name, data, type) => {
  const existing = rel.assets.find((a) => a.name === name);
  if (existing) {
    if (!flag("--replace")) return console.log(`skip ${name} (exists, use --replace)`);
    await gh("DELETE", `/repos/${R}/releases/assets/${existing.id}`);
  }
  await gh("POST", `${uploadBase}?name=${encodeURIComponent(name)}`, data, { "content-type": type });
  console.log(`uploaded ${name}`);
};
for (const f of assets) await upload(basename(f), new Uint8Array(readFileSync(f)), "application/octet-stream");
if (sums.length) await upload("SHA256SUMS.txt", new TextEncoder().encode(sums.join("\n") + "\n"), "text/plain");
console.log(`${rel.draft ? "draft" : "published"}: ${rel.html_url}`);
