import * as duckdb from "@duckdb/duckdb-wasm";
import { readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import Worker from "web-worker";

type ColumnProfile = {
  name: string; type: string; nulls: number; distinct: number;
  min: string | null; max: string | null;
};

const args = process.argv.slice(2);
const flag = (n: string) => { const i = args.indexOf(n); return i >= 0 ? args[i + 1] : undefined; };
const files = args.filter((a, i) => !a.startsWith("--") && !args[i - 1]?.startsWith("--"));
const out = flag("--out") ?? "dashboard.html";
const sample = flag("--sample");
const groupBy = flag("--group-by");
const vendor = join(import.meta.dirname, "..", "vendor");

async function open(): Promise<duckdb.AsyncDuckDBConnection> {
  const worker = new Worker(join(vendor, "duckdb-node-eh.worker.cjs"));
  const db = new duckdb.AsyncDuckDB(new duckdb.VoidLogger(), worker);
  await db.instantiate(join(vendor, "duckdb-eh.wasm"));
  for (const f of files) await db.registerFileBuffer(basename(f), readFileSync(f));
  return db.connect();
}

function source(f: string): string {
  const fn = f.endsWith(".parquet") ? "read_parquet" : "read_csv_auto";
  const base = `${fn}('${basename(f).replace(/'/g, "''")}')`;
  return sample ? `(SELECT * FROM ${base} USING SAMPLE ${Number(sample)} ROWS)` : base;
}

async function profile(conn: duckdb.AsyncDuckDBConnection, f: string): Promise<ColumnProfile[]> {
  const desc = (await conn.query(`DESCRIBE SELECT * FROM ${source(f)}`)).toArray();
  const cols: ColumnProfile[] = [];
  for (const d of desc) {
    const c = `"${String(d.column_name).replace(/"/g, '""')}"`;
    const r = (await conn.query(
      `SELECT count(*) FILTER (WHERE ${c} IS NULL) AS n, approx_count_distinct(${c}) AS d,
              min(${c})::VARCHAR AS lo, max(${c})::VARCHAR AS hi FROM ${source(f)}`)).toArray()[0];
    cols.push({ name: d.column_name, type: d.column_type, nulls: Number(r.n),
                distinct: Number(r.d), min: r.lo, max: r.hi });
  }
  return cols;
}

function html(results: Record<string, ColumnProfile[]>): string {
  const rows = Object.entries(results).map(([f, cols]) =>
    `<h2>${f}</h2><table><tr><th>column</th><th>type</th><th>nulls</th><th>distinct</th><th>min</th><th>max</th></tr>` +
    cols.map((c) => `<tr><td>${c.name}</td><td>${c.type}</td><td>${c.nulls}</td><td>${c.distinct}</td><td>${c.min ?? ""}</td><td>${c.max ?? ""}</td></tr>`).join("") +
    `</table>`).join("");
  return `<!doctype html><meta charset="utf-8"><title>Dashboard</title>
<style>body{font:14px system-ui;margin:2rem}td,th{padding:4px 8px;border-bottom:1px solid #ddd}</style>
${groupBy ? `<p>Grouped by <b>${groupBy}</b></p>` : ""}${rows}`;
}

const conn = await open();
const results: Record<string, ColumnProfile[]> = {};
for (const f of files) results[f] = await profile(conn, f);
if (args.includes("--json")) console.log(JSON.stringify(results, null, 2));
else { writeFileSync(out, html(results)); console.log(`wrote ${out}`); }
