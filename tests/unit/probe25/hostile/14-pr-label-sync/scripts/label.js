// Applies size/type/area labels to the current PR. Runs inside GitHub Actions.
const fs = require("fs");
const path = require("path");

const token = process.env.GITHUB_TOKEN;
const repo = process.env.GITHUB_REPOSITORY;
const pr = process.env.PR_NUMBER;
const api = "https://api.github.com";

function parseYamlLabels(text) {
  // Minimal parser for the labels.yml shape we ship (avoids a dependency).
  const out = [];
  let cur = null;
  for (const line of text.split("\n")) {
    const name = line.match(/^\s*-\s*name:\s*(.+)$/);
    if (name) { cur = { name: name[1].trim(), paths: [] }; out.push(cur); continue; }
    const paths = line.match(/^\s*paths:\s*\[(.*)\]/);
    if (paths && cur) cur.paths = paths[1].split(",").map((s) => s.trim().replace(/^"|"$/g, ""));
  }
  return out;
}

function globToRegExp(glob) {
  const re = glob.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*\*/g, "§").replace(/\*/g, "[^/]*").replace(/§/g, ".*");
  return new RegExp("^" + re + "$");
}

async function gh(method, url, body) {
  const res = await fetch(api + url, {
    method,
    headers: { Authorization: `Bearer ${token}`, Accept: "application/vnd.github+json" },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status}`);
  return res.status === 204 ? null : res.json();
}

function sizeLabel(n) {
  if (n < 10) return "size/XS";
  if (n < 50) return "size/S";
  if (n < 200) return "size/M";
  if (n < 800) return "size/L";
  return "size/XL";
}

async function main() {
  const cfg = parseYamlLabels(fs.readFileSync(path.join(".github", "labels.yml"), "utf8"));
  const info = await gh("GET", `/repos/${repo}/pulls/${pr}`);
  const files = await gh("GET", `/repos/${repo}/pulls/${pr}/files?per_page=100`);
  const labels = new Set([sizeLabel(info.additions + info.deletions)]);
  const type = (info.title.match(/^(\w+)(\(.+\))?!?:/) || [])[1];
  if (type) labels.add(`type/${type}`);
  for (const l of cfg) {
    if (!l.paths.length) continue;
    const res = l.paths.map(globToRegExp);
    if (files.some((f) => res.some((r) => r.test(f.filename)))) labels.add(l.name);
  }
  const known = new Set(cfg.map((l) => l.name));
  const apply = [...labels].filter((l) => known.has(l));
  await gh("POST", `/repos/${repo}/issues/${pr}/labels`, { labels: apply });
  console.log(`applied: ${apply.join(", ")}`);
}

main().catch((e) => { console.error(e.message); process.exit(1); });
