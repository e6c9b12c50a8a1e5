"""auditkit command line: parse lockfiles, query OSV, print findings."""
import argparse
import json
import re
import sys
import urllib.request
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    import tomli as tomllib

OSV_BATCH = "https://api.osv.dev/v1/querybatch"
OSV_VULN = "https://api.osv.dev/v1/vulns/{}"
SEVERITY_ORDER = {"CRITICAL": 4, "HIGH": 3, "MODERATE": 2, "MEDIUM": 2, "LOW": 1, "UNKNOWN": 0}
PIN_RE = re.compile(r"^\s*([A-Za-z0-9_.\-]+)(?:\[[^\]]*\])?\s*==\s*([A-Za-z0-9_.+\-!]+)")


def parse_requirements(path):
    pins = []
    for line in Path(path).read_text().splitlines():
        m = PIN_RE.match(line.split("#", 1)[0])
        if m:
            pins.append((m.group(1).lower(), m.group(2)))
    return pins


def parse_lock(path):
    data = tomllib.loads(Path(path).read_text())
    return [(p["name"].lower(), p["version"]) for p in data.get("package", []) if "version" in p]


def load_pins(path):
    name = Path(path).name
    if name.endswith(".lock"):
        return parse_lock(path)
    return parse_requirements(path)


def post_json(url, payload):
    req = urllib.request.Request(url, data=json.dumps(payload).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.load(resp)


def get_json(url):
    with urllib.request.urlopen(url, timeout=30) as resp:
        return json.load(resp)


def severity_of(vuln):
    sev = (vuln.get("database_specific") or {}).get("severity")
    return sev.upper() if sev else "UNKNOWN"


def fixed_versions(vuln, pkg):
    out = set()
    for aff in vuln.get("affected", []):
        if aff.get("package", {}).get("name", "").lower() != pkg:
            continue
        for rng in aff.get("ranges", []):
            for ev in rng.get("events", []):
                if "fixed" in ev:
                    out.add(ev["fixed"])
    return sorted(out)


def audit(pins):
    queries = [{"package": {"name": n, "ecosystem": "PyPI"}, "version": v} for n, v in pins]
    results = post_json(OSV_BATCH, {"queries": queries}).get("results", [])
    findings = []
    for (name, version), res in zip(pins, results):
        for stub in res.get("vulns", []) or []:
            vuln = get_json(OSV_VULN.format(stub["id"]))
            findings.append({
                "package": name,
                "version": version,
                "id": vuln["id"],
                "severity": severity_of(vuln),
                "summary": vuln.get("summary", ""),
                "fixed": fixed_versions(vuln, name),
            })
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
            print(f"[{f['severity']:<8}] {f['package']}=={f['version']} {f['id']} {fix}  {f['summary']}")
        print(f"{len(pins)} packages, {len(findings)} finding(s)")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
