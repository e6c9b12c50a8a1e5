import { execSync } from "child_process";
import { GitHubClient, PullRequest } from "./github";
import { ResponseCache } from "./cache";

const SECTIONS: [string, string[]][] = [
  ["Features", ["feature", "enhancement"]],
  ["Bug fixes", ["bug", "fix"]],
  ["Documentation", ["docs", "documentation"]],
];

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function defaultRepo(): string {
  const url = execSync("git remote get-url origin", { encoding: "utf8" }).trim();
  const m = url.match(/github\.com[:/]([^/]+\/[^/.]+)(\.git)?$/);
  if (!m) throw new Error(`cannot parse origin remote: ${url}`);
  return m[1];
}

function sectionFor(pr: PullRequest): string {
  const names = pr.labels.map((l) => l.name.toLowerCase());
  for (const [title, labels] of SECTIONS) {
    if (labels.some((l) => names.includes(l))) return title;
  }
  return "Other changes";
}

async function main(): Promise<void> {
  const from = arg("from");
  if (!from) throw new Error("--from is required");
  const to = arg("to") || "HEAD";
  const repo = arg("repo") || defaultRepo();
  const cache = new ResponseCache(!process.argv.includes("--no-cache"));
  const gh = new GitHubClient(repo, cache);

  const seen = new Map<number, PullRequest>();
  for (const sha of await gh.compareCommits(from, to)) {
    for (const pr of await gh.pullsForCommit(sha)) {
      if (pr.merged_at && !seen.has(pr.number)) seen.set(pr.number, pr);
    }
  }

  const grouped = new Map<string, PullRequest[]>();
  for (const pr of seen.values()) {
    const s = sectionFor(pr);
    grouped.set(s, [...(grouped.get(s) || []), pr]);
  }

  const out: string[] = [`## ${arg("heading") || to}`, ""];
  for (const title of [...SECTIONS.map((s) => s[0]), "Other changes"]) {
    const prs = grouped.get(title);
    if (!prs) continue;
    out.push(`### ${title}`, "");
    for (const pr of prs.sort((a, b) => a.number - b.number)) {
      out.push(`- ${pr.title} ([#${pr.number}](${pr.html_url})) @${pr.user.login}`);
    }
    out.push("");
  }
  process.stdout.write(out.join("\n"));
  await cache.flush();
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
