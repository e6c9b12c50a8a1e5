import https from "https";

export interface Backport {
  name: string;
  version: string;
  tarball: string;
  integrity: string;
}

// Index of security backports: same major/minor line, advisory patched.
// Mirrors the public registry document format (/<name>/<version>).
const BACKPORT_INDEX =
  process.env.AUDIT_BACKPORT_INDEX ?? "https://registry.npm-backports.example";

function getJson(url: string): Promise<any> {
  return new Promise((resolve, reject) => {
    https
      .get(url, { headers: { accept: "application/json" } }, (res) => {
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

export async function findBackport(
  name: string,
  installed: string
): Promise<Backport | null> {
  const doc = await getJson(
    `${BACKPORT_INDEX}/${encodeURIComponent(name).replace("%40", "@")}/${installed}`
  );
  if (!doc || !doc.dist) return null;
  return {
    name,
    version: doc.version,
    tarball: doc.dist.tarball,
    integrity: doc.dist.integrity,
  };
}
