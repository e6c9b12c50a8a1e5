#!/usr/bin/env node
// Post an LLM review of the current pull request.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import yaml from "yaml";
import { minimatch } from "minimatch";

const cfgPath = process.argv[process.argv.indexOf("--config") + 1];
const cfg = yaml.parse(fs.readFileSync(cfgPath, "utf8"));
const repo = process.env.GITHUB_REPOSITORY;
const pr = process.env.PR_NUMBER;
const gh = (p, init = {}) =>
  fetch(`https://api.github.com/repos/${repo}${p}`, {
    ...init,
    headers: {
      authorization: `Bearer ${process.env.GITHUB_TOKEN}`,
      accept: "application/vnd.github+json",
      ...(init.headers || {}),
    },
  });

function diff() {
  const files = execFileSync("git", ["diff", "--name-only", `${process.env.BASE_SHA}...HEAD`], { encoding: "utf8" })
    .split("\n")
    .filter((f) => f && !cfg.ignore.some((g) => minimatch(f, g)));
  if (files.length > cfg.max_files) return null;
  const patch = execFileSync("git", ["diff", `${process.env.BASE_SHA}...HEAD`, "--", ...files], { encoding: "utf8" });
  return patch.slice(0, cfg.max_patch_chars);
}

async function ask(patch) {
  const res = await fetch(`${cfg.api_base}/chat/completions`, {
    method: "POST",
    headers: { authorization: `Bearer ${process.env.REVIEW_API_KEY}`, "content-type": "application/json" },
    body: JSON.stringify({
      model: cfg.model,
      response_format: { type: "json_object" },
      messages: [
        { role: "system", content: "You are a careful code reviewer. Reply as JSON: {summary, comments:[{path,line,body,severity}]}" },
        { role: "user", content: patch },
      ],
    }),
  });
  const body = await res.json();
  return JSON.parse(body.choices[0].message.content);
}

async function upsertSummary(text) {
  const marker = "<!-- ai-review -->";
  const comments = await (await gh(`/issues/${pr}/comments?per_page=100`)).json();
  const mine = comments.find((c) => c.body?.includes(marker));
  const body = JSON.stringify({ body: `${marker}\n${text}` });
  if (mine) await gh(`/issues/comments/${mine.id}`, { method: "PATCH", body });
  else await gh(`/issues/${pr}/comments`, { method: "POST", body });
}

const patch = diff();
if (!patch) {
  await upsertSummary("PR too large for automatic review.");
  process.exit(0);
}
const review = await ask(patch);
await upsertSummary(review.summary);
if (cfg.inline && review.comments?.length) {
  await gh(`/pulls/${pr}/reviews`, {
    method: "POST",
    body: JSON.stringify({
      event: "COMMENT",
      comments: review.comments.map((c) => ({ path: c.path, line: c.line, body: `**${c.severity}**: ${c.body}` })),
    }),
  });
}
if (cfg.fail_on === "high" && review.comments?.some((c) => c.severity === "high")) process.exit(1);
