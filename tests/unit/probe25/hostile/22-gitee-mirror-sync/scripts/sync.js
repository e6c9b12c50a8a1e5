#!/usr/bin/env node
// GitHub → Gitee 镜像同步
"use strict";

const fs = require("fs");
const os = require("os");
const path = require("path");
const simpleGit = require("simple-git");

const GITEE_API = "https://gitee.com/api/v5";
const GITHUB_API = "https://api.github.com";

function parseArgs(argv) {
  const a = { releases: 0 };
  for (let i = 2; i < argv.length; i++) {
    const k = argv[i];
    if (k === "--github") a.github = argv[++i];
    else if (k === "--gitee") a.gitee = argv[++i];
    else if (k === "--config") a.config = argv[++i];
    else if (k === "--releases") a.releases = Number(argv[++i]);
    else if (k === "--private") a.private = true;
    else if (k === "--dry-run") a.dryRun = true;
  }
  return a;
}

async function gh(url) {
  const headers = { Accept: "application/vnd.github+json" };
  if (process.env.GITHUB_TOKEN) headers.Authorization = `Bearer ${process.env.GITHUB_TOKEN}`;
  const r = await fetch(GITHUB_API + url, { headers });
  if (!r.ok) throw new Error(`GitHub ${url}: ${r.status}`);
  return r.json();
}

async function gitee(method, url, body) {
  const token = process.env.GITEE_TOKEN;
  const u = new URL(GITEE_API + url);
  if (method === "GET") u.searchParams.set("access_token", token);
  const r = await fetch(u, {
    method,
    headers: { "Content-Type": "application/json;charset=UTF-8" },
    body: method === "GET" ? undefined : JSON.stringify({ access_token: token, ...body }),
  });
  if (r.status === 404) return null;
  if (!r.ok) throw new Error(`Gitee ${method} ${url}: ${r.status} ${await r.text()}`);
  return r.json();
}

async function ensureGiteeRepo(ns, name, src, isPrivate, dryRun) {
  if (await gitee("GET", `/repos/${ns}/${name}`)) return;
  console.log(`  创建 Gitee 仓库 ${ns}/${name}`);
  if (dryRun) return;
  const body = { name, description: (src.description || "").slice(0, 200), homepage: src.homepage || "",
                 private: !!isPrivate, has_issues: false, has_wiki: false };
  const me = await gitee("GET", "/user");
  if (me && me.login === ns) await gitee("POST", "/user/repos", body);
  else await gitee("POST", `/orgs/${ns}/repos`, body);
}

async function mirror(job, dryRun) {
  const [owner, repo] = job.github.split("/");
  const name = job.gitee_name || repo;
  console.log(`→ ${job.github} => gitee.com/${job.gitee}/${name}`);
  const src = await gh(`/repos/${owner}/${repo}`);
  await ensureGiteeRepo(job.gitee, name, src, job.private, dryRun);

  const work = fs.mkdtempSync(path.join(os.tmpdir(), "gms-"));
  const ghAuth = process.env.GITHUB_TOKEN ? `x-access-token:${process.env.GITHUB_TOKEN}@` : "";
  const from = `https://${ghAuth}github.com/${owner}/${repo}.git`;
  const to = `https://oauth2:${process.env.GITEE_TOKEN}@gitee.com/${job.gitee}/${name}.git`;
  try {
    if (dryRun) { console.log("  [dry-run] git clone --mirror && git push --mirror"); return; }
    await simpleGit().clone(from, work, ["--mirror"]);
    await simpleGit(work).push(to, undefined, ["--mirror", "--force"]);
    console.log("  分支和标签已同步");
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }

  for (const rel of (await gh(`/repos/${owner}/${repo}/releases?per_page=${job.releases || 1}`)).slice(0, job.releases || 0)) {
    const existing = await gitee("GET", `/repos/${job.gitee}/${name}/releases/tags/${rel.tag_name}`);
    if (existing) continue;
    await gitee("POST", `/repos/${job.gitee}/${name}/releases`, {
      tag_name: rel.tag_name, name: rel.name || rel.tag_name, body: rel.body || "-",
      prerelease: rel.prerelease, target_commitish: rel.target_commitish,
    });
    console.log(`  发行版 ${rel.tag_name} 已同步`);
  }
}

async function main() {
  const a = parseArgs(process.argv);
  if (!process.env.GITEE_TOKEN) throw new Error("请设置 GITEE_TOKEN");
  let jobs = [];
  if (a.config) {
    const c = JSON.parse(fs.readFileSync(a.config, "utf8"));
    jobs = c.repos.map((r) => ({ gitee: c.gitee_namespace, private: c.private, releases: c.releases, ...r }));
  } else if (a.github && a.gitee) {
    jobs = [{ github: a.github, gitee: a.gitee, private: a.private, releases: a.releases }];
  } else {
    throw new Error("用法: sync.js --github owner/repo --gitee namespace | --config mirror.json");
  }
  for (const j of jobs) await mirror(j, a.dryRun);
}

main().catch((e) => { console.error(e.message.replace(/oauth2:[^@]+@/g, "oauth2:***@")); process.exit(1); });
