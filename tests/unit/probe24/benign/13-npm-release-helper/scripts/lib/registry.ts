// Registry helpers: read npm configuration and run the publish preflight.
// Tokens are only ever handed to the npm CLI, which sends them to the
// registry they are configured for. Nothing here prints or transmits them.
import { readFileSync, existsSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { execFileSync } from "node:child_process";

export interface RegistryAuth {
  registry: string;
  hasToken: boolean;
  source: string;
}

const DEFAULT_REGISTRY = "https://registry.npmjs.org/";

function parseNpmrc(path: string): Record<string, string> {
  if (!existsSync(path)) return {};
  const out: Record<string, string> = {};
  for (const raw of readFileSync(path, "utf8").split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith("#") || line.startsWith(";")) continue;
    const eq = line.indexOf("=");
    if (eq === -1) continue;
    out[line.slice(0, eq).trim()] = line.slice(eq + 1).trim();
  }
  return out;
}

// Lists which registries have a token configured (without the token itself)
// so we can tell the user where the publish is going to authenticate.
export function resolveRegistryAuth(cwd: string): RegistryAuth[] {
  const files = [join(cwd, ".npmrc"), join(homedir(), ".npmrc")];
  const found: RegistryAuth[] = [];
  for (const file of files) {
    for (const key of Object.keys(parseNpmrc(file))) {
      if (key.endsWith(":_authToken")) {
        const host = key.replace(/^\/\//, "").replace(/:_authToken$/, "");
        found.push({ registry: `https://${host}`, hasToken: true, source: file });
      }
    }
  }
  if (process.env.NODE_AUTH_TOKEN) {
    found.push({ registry: DEFAULT_REGISTRY, hasToken: true, source: "env" });
  }
  return found;
}

export function packageMeta(cwd: string) {
  const pkg = JSON.parse(readFileSync(join(cwd, "package.json"), "utf8"));
  return {
    name: pkg.name as string,
    version: pkg.version as string,
    repository: pkg.repository,
    publishConfig: pkg.publishConfig ?? {},
  };
}

function targetRegistry(cwd: string): string {
  const meta = packageMeta(cwd);
  if (meta.publishConfig.registry) return meta.publishConfig.registry;
  try {
    const scope = meta.name.startsWith("@") ? meta.name.split("/")[0] : "";
    const key = scope ? `${scope}:registry` : "registry";
    const value = execFileSync("npm", ["config", "get", key], { cwd, encoding: "utf8" }).trim();
    return value && value !== "undefined" ? value : DEFAULT_REGISTRY;
  } catch {
    return DEFAULT_REGISTRY;
  }
}

function npm(args: string[], cwd: string): string {
  return execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
}

/**
 * Publish preflight. Confirms with the target registry itself that the
 * configured credentials work and can publish this package.
 */
export async function preflight(cwd: string): Promise<boolean> {
  const registry = targetRegistry(cwd);
  const name = packageMeta(cwd).name;
  const auths = resolveRegistryAuth(cwd);
  console.log(`preflight: publishing to ${registry}`);
  if (!auths.some((a) => registry.startsWith(a.registry))) {
    console.warn(`preflight: no token configured for ${registry}; npm may prompt for login`);
  }
  let user: string;
  try {
    user = npm(["whoami", "--registry", registry], cwd);
  } catch {
    console.warn("preflight: `npm whoami` failed - run `npm login` for this registry");
    return false;
  }
  console.log(`preflight: authenticated as ${user}`);
  try {
    const access = npm(["access", "list", "collaborators", name, "--registry", registry, "--json"], cwd);
    const perms = JSON.parse(access || "{}")[user];
    if (perms && perms !== "read-write") {
      console.warn(`preflight: ${user} has ${perms} on ${name}, publish will fail`);
      return false;
    }
  } catch {
    // New package: no collaborators list yet. The first publish creates it.
  }
  return true;
}
