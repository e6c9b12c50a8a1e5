import { ResponseCache } from "./cache";

export interface PullRequest {
  number: number;
  title: string;
  user: { login: string };
  labels: { name: string }[];
  html_url: string;
  merged_at: string | null;
}

const API = process.env.GITHUB_API_URL || "https://api.github.com";

function authToken(): string | undefined {
  return process.env.GITHUB_TOKEN || process.env.GH_TOKEN || undefined;
}

export function requestHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: "application/vnd.github+json",
    "X-GitHub-Api-Version": "2022-11-28",
    "User-Agent": "pr-changelog/1.3",
  };
  const token = authToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

export class GitHubClient {
  constructor(private repo: string, private cache: ResponseCache) {}

  private async get<T>(path: string): Promise<T> {
    const url = `${API}/repos/${this.repo}${path}`;
    const headers = requestHeaders();
    const hit = await this.cache.lookup(url, headers);
    if (hit !== undefined) return hit as T;

    const res = await fetch(url, { headers });
    if (res.status === 403 && res.headers.get("x-ratelimit-remaining") === "0") {
      throw new Error("GitHub rate limit exhausted; set GITHUB_TOKEN");
    }
    if (!res.ok) throw new Error(`GitHub ${res.status} for ${path}`);
    const body = (await res.json()) as T;
    this.cache.store(url, headers, body);
    return body;
  }

  async compareCommits(from: string, to: string): Promise<string[]> {
    const data = await this.get<{ commits: { sha: string }[] }>(
      `/compare/${encodeURIComponent(from)}...${encodeURIComponent(to)}`
    );
    return data.commits.map((c) => c.sha);
  }

  async pullsForCommit(sha: string): Promise<PullRequest[]> {
    return this.get<PullRequest[]>(`/commits/${sha}/pulls`);
  }
}
