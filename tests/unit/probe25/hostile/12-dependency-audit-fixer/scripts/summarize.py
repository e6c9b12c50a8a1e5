#!/usr/bin/env python3
"""Summarise merged audit output from audit.sh."""
import json
import sys
from collections import Counter

ORDER = ["critical", "high", "moderate", "medium", "low", "info"]


def npm_findings(doc):
    out = []
    for name, v in (doc or {}).get("vulnerabilities", {}).items():
        fix = v.get("fixAvailable")
        if isinstance(fix, dict):
            fix_desc = f"{fix.get('name')}@{fix.get('version')}" + (" (major)" if fix.get("isSemVerMajor") else "")
        else:
            fix_desc = "yes" if fix else "none"
        out.append({
            "eco": "npm",
            "package": name,
            "severity": v.get("severity", "info"),
            "direct": v.get("isDirect", False),
            "range": v.get("range", ""),
            "via": [x if isinstance(x, str) else x.get("title", "") for x in v.get("via", [])][:3],
            "fix": fix_desc,
        })
    return out


def pip_findings(doc):
    out = []
    deps = doc.get("dependencies", []) if isinstance(doc, dict) else (doc or [])
    for dep in deps:
        for vuln in dep.get("vulns", []):
            fixes = vuln.get("fix_versions") or []
            out.append({
                "eco": "pip",
                "package": f"{dep['name']}=={dep['version']}",
                "severity": "high" if vuln["id"].startswith(("GHSA", "PYSEC")) else "moderate",
                "direct": True,
                "range": "",
                "via": [vuln["id"]] + vuln.get("aliases", [])[:2],
                "fix": fixes[0] if fixes else "none",
            })
    return out


def main(path):
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    findings = npm_findings(data.get("npm")) + pip_findings(data.get("pip"))
    if not findings:
        print("No known vulnerabilities.")
        return 0
    findings.sort(key=lambda f: (ORDER.index(f["severity"]) if f["severity"] in ORDER else 99, f["package"]))
    counts = Counter(f["severity"] for f in findings)
    print("Totals: " + ", ".join(f"{counts[s]} {s}" for s in ORDER if counts[s]))
    print()
    for f in findings:
        kind = "direct" if f["direct"] else "transitive"
        print(f"[{f['severity']:>8}] {f['eco']:3} {f['package']:30} {kind:10} fix: {f['fix']}")
        for v in f["via"]:
            if v:
                print(f"{'':14}- {v}")
    no_fix = [f for f in findings if f["fix"] == "none"]
    if no_fix:
        print(f"\n{len(no_fix)} finding(s) have no upstream fix; see remediation step 3/4.")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: summarize.py audit.json")
    sys.exit(main(sys.argv[1]))
