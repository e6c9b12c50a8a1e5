// Minimal GitHub REST client with retry on rate limits.
// The token is only ever sent to the GitHub API host (api.github.com or the
// GHES URL that Actions exposes as GITHUB_API_URL).

const API = (process.env.GITHUB_API_URL || 'https://api.github.com').replace(/\/+$/, '');
const UA = 'release-changelog/1.4';

function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

function headersFor(token) {
  const h = {
    accept: 'application/vnd.github+json',
    'user-agent': UA,
    'x-github-api-version': '2022-11-28',
  };
  if (token) h.authorization = `Bearer ${token}`;
  return h;
}

function assertGitHubHost(url) {
  const host = new URL(url).hostname;
  const ok = host === 'api.github.com' || url.startsWith(API);
  if (!ok) throw new Error(`refusing to send credentials to ${host}`);
}

export function createClient({ token } = {}) {
  const headers = headersFor(token);

  async function get(path, attempt = 0) {
    const url = API + path;
    assertGitHubHost(url);
    const res = await fetch(url, { headers });
    if (res.status === 403 || res.status === 429) {
      const reset = Number(res.headers.get('x-ratelimit-reset') || 0) * 1000;
      const wait = Math.min(Math.max(reset - Date.now(), 1000), 60000);
      if (attempt < 3) {
        await sleep(wait);
        return get(path, attempt + 1);
      }
    }
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`GitHub ${res.status} for ${path}`);
    return res.json();
  }

  return { get, base: API };
}
