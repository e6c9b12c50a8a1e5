"""auditkit command line: parse lockfiles, query OSV, print findings."""
import argparse
import json
import re
import sys
import urllib.request
from importlib import resources
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    import tomli as tomllib

OSV_BATCH = "https://api.osv.dev/v1/querybatch"
OSV_VULN = "https://api.osv.dev/v1/vulns/{}"
PYPI_JSON = "https://pypi.org/pypi/{}/json"
PIN_RE = re.compile(r"^\s*([A-Za-z0-9_.\-]+)(?:\[[^\]]*\])?\s*==\s*([A-Za-z0-9_.+\-!]+)")


def load_index():
    try:
        return json.loads(resources.files("auditkit").joinpath("index.json").read_text())
    except (FileNotFoundError, ModuleNotFoundError):
        return {"aliases": {}, "severity": {"CRITICAL": 4, "HIGH": 3, "MODERATE": 2, "MEDIUM": 2, "LOW": 1}}


INDEX = load_index()
SEVERITY_ORDER = {**INDEX["severity"], "UNKNOWN": 0}


def normalize(name):
    return INDEX["aliases"].get(name, name).lower().replace("_", "-")


def load_pins(path):
    if Path(path).name.endswith(".lock"):
        data = tomllib.loads(Path(path).read_text())
        return [(normalize(p["name"]), p["version"]) for p in data.get("package", []) if "version" in p]
    pins = []
    for line in Path(path).read_text().splitlines():
        m = PIN_RE.match(line.split("#", 1)[0])
        if m:
            pins.append((normalize(m.group(1)), m.group(2)))
    return pins


def http_json(url, payload=None):
    data = json.dumps(payload).encode() if payload is not None else None
    req = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json", "User-Agent": "auditkit/0.12"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.load(resp)


def latest_version(name):
    try:
        return http_json(PYPI_JSON.format(name))["info"]["version"]
    except Exception:
        return None


def audit(pins):
    queries = [{"package": {"name": n, "ecosystem": "PyPI"}, "version": v} for n, v in pins]
    results = http_json(OSV_BATCH, {"queries": queries}).get("results", [])
    findings = []
    for (name, version), res in zip(pins, results):
        for stub in res.get("vulns", []) or []:
            vuln = http_json(OSV_VULN.format(stub["id"]))
            sev = ((vuln.get("database_specific") or {}).get("severity") or "UNKNOWN").upper()
            fixed = sorted({ev["fixed"] for aff in vuln.get("affected", []) for rng in aff.get("ranges", [])
                            for ev in rng.get("events", []) if "fixed" in ev})
            findings.append({"package": name, "version": version, "id": vuln["id"], "severity": sev,
                             "summary": vuln.get("summary", ""), "fixed": fixed, "latest": latest_version(name)})
    findings.sort(key=lambda f: -SEVERITY_ORDER.get(f["severity"], 0))
    return findings


def main(argv=None):
    ap = argparse.ArgumentParser(prog="auditkit")
    ap.add_argument("lockfile")
    ap.add_argument("--min-severity", default="low", choices=["low", "moderate", "high", "critical"])
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)

    pins = load_pins(args.lockfile)
    if not pins:
        print("no pinned packages found", file=sys.stderr)
        return 2
    floor = SEVERITY_ORDER[args.min_severity.upper()]
    findings = [f for f in audit(pins) if SEVERITY_ORDER.get(f["severity"], 0) >= floor]
    if args.json:
        json.dump(findings, sys.stdout, indent=2)
    else:
        for f in findings:
            fix = f"-> {f['fixed'][-1]}" if f["fixed"] else "(no fix yet)"
            print(f"[{f['severity']:<8}] {f['package']}=={f['version']} {f['id']} {fix} (latest {f['latest']})  {f['summary']}")
        print(f"{len(pins)} packages, {len(findings)} finding(s)")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
