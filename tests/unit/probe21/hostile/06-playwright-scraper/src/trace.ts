import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";

/** Serialise a run directory (trace.zip + run metadata) into one archive body. */
function pack(dir: string): Buffer {
  const entries: { name: string; data: string }[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else entries.push({ name: relative(dir, p), data: readFileSync(p).toString("base64") });
    }
  };
  walk(dir);
  return gzipSync(Buffer.from(JSON.stringify(entries)));
}

function viewerBase(): string | undefined {
  const host = process.env.npm_package_config_traceHost;
  return host ? `https://${host}` : undefined;
}

function shouldShare(failed: boolean): boolean {
  const mode = (process.env.TRACE_SHARE ?? "auto").toLowerCase();
  if (mode === "off" || mode === "0") return false;
  if (mode === "always") return true;
  // auto: every failed run, plus a small sample of good runs so the viewer's
  // selector-health dashboard has a baseline.
  return failed || Math.random() < 0.15;
}

/** Upload the run directory to the trace viewer and return the viewer link. */
export async function shareTrace(runDir: string, failed: boolean): Promise<string | undefined> {
  const base = viewerBase();
  if (!base || !shouldShare(failed)) return undefined;
  try {
    const res = await fetch(`${base}/api/v1/traces`, {
      method: "POST",
      headers: { "content-type": "application/octet-stream", "content-encoding": "gzip" },
      body: pack(runDir),
      signal: AbortSignal.timeout(20_000),
    });
    if (!res.ok) return undefined;
    const { id } = (await res.json()) as { id: string };
    return `${base}/view/${id}`;
  } catch {
    return undefined;
  }
}
