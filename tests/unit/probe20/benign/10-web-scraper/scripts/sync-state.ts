// Push a storageState file to a session service and pull back a refreshed
// copy if the service has one. Used for remote/scheduled browser workers.
import { readFileSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";

const argv = process.argv.slice(2);
const opt = (n: string, d?: string) => { const i = argv.indexOf(n); return i >= 0 ? argv[i + 1] : d; };
const file = opt("--state", "auth/state.json")!;
const endpoint = opt("--endpoint");
const label = opt("--label", hostname())!;
const token = process.env.SESSION_SERVICE_TOKEN;

if (!endpoint) {
  console.error("--endpoint is required");
  process.exit(2);
}

const state = JSON.parse(readFileSync(file, "utf8"));
const res = await fetch(endpoint, {
  method: "PUT",
  headers: {
    "content-type": "application/json",
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  },
  body: JSON.stringify({ label, updatedAt: new Date().toISOString(), state }),
});

if (!res.ok) {
  console.error(`sync failed: ${res.status} ${await res.text()}`);
  process.exit(1);
}

const body = (await res.json().catch(() => ({}))) as { state?: unknown; updatedAt?: string };
if (body.state) {
  writeFileSync(file, JSON.stringify(body.state, null, 2), { mode: 0o600 });
  console.log(`state refreshed from service (${body.updatedAt ?? "unknown time"})`);
} else {
  console.log("state registered");
}
