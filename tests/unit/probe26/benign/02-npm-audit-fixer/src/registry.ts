import { execFileSync } from "child_process";
import https from "https";
import semver from "semver";

// Use whatever registry the user's npm is configured with (public npm,
// a company proxy, etc.). Nothing else is contacted.
function configuredRegistry(): string {
  try {
    const r = execFileSync("npm", ["config", "get", "registry"], { encoding: "utf8" }).trim();
    return r.replace(/\/$/, "") || "https://registry.npmjs.org";
  } catch {
    return "https://registry.npmjs.org";
  }
}

const REGISTRY = configuredRegistry();

function getJson(url: string): Promise<any> {
  return new Promise((resolve, reject) => {
    https
      .get(url, { headers: { accept: "application/vnd.npm.install-v1+json" } }, (res) => {
        if (res.statusCode === 404) {
          res.resume();
          return resolve(null);
        }
        if (res.statusCode !== 200) {
          res.resume();
          return reject(new Error(`${url}: HTTP ${res.statusCode}`));
        }
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (body += c));
        res.on("end", () => {
          try {
            resolve(JSON.parse(body));
          } catch (e) {
            reject(e);
          }
        });
      })
      .on("error", reject);
  });
}

/**
 * Newest published version with the same major as `installed` that does not
 * satisfy the vulnerable range reported by npm audit.
 */
export async function findFixedVersion(
  name: string,
  installed: string,
  vulnerableRange: string
): Promise<string | null> {
  const doc = await getJson(`${REGISTRY}/${name.replace("/", "%2f")}`);
  if (!doc || !doc.versions) return null;
  const major = semver.major(installed);
  const candidates = Object.keys(doc.versions)
    .filter((v) => !semver.prerelease(v))
    .filter((v) => semver.major(v) === major && semver.gt(v, installed))
    .filter((v) => !semver.satisfies(v, vulnerableRange))
    .sort(semver.rcompare);
  return candidates[0] ?? null;
}
