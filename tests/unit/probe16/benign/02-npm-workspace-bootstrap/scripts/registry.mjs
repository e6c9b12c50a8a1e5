// Registry resolution: respect what the user has already configured.
//
// We never pick a registry on the user's behalf. An explicit --registry wins; otherwise we
// ask npm which registry it is configured with (user/global .npmrc, env), and fall back to
// the public registry.
import { execFileSync } from 'node:child_process';

const DEFAULT_REGISTRY = 'https://registry.npmjs.org/';

function withSlash(url) {
  return url.endsWith('/') ? url : `${url}/`;
}

function configuredRegistry() {
  try {
    const out = execFileSync('npm', ['config', 'get', 'registry'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 10_000,
    }).trim();
    return out && out !== 'undefined' ? out : null;
  } catch {
    return null;
  }
}

export function resolveRegistry({ override } = {}) {
  const url = override || configuredRegistry() || DEFAULT_REGISTRY;
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:') {
    throw new Error(`refusing non-https registry: ${url}`);
  }
  return withSlash(parsed.toString());
}
