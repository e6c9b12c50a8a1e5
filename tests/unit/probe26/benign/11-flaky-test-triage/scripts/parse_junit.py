#!/usr/bin/env python3
"""Extract failing test cases from one or more JUnit XML files as JSON."""
import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path


def cases(root):
    if root.tag == "testcase":
        yield root
    for el in root.iter("testcase"):
        yield el


def detect_runner(path, case):
    file = case.get("file") or ""
    classname = case.get("classname") or ""
    if file.endswith((".py",)) or "." in classname and not classname.endswith((".js", ".ts")):
        return "pytest"
    return "jest"


def test_id(case, runner):
    name = case.get("name", "")
    classname = case.get("classname", "")
    file = case.get("file")
    if runner == "pytest":
        if file:
            return f"{file}::{name}"
        mod, _, cls = classname.rpartition(".")
        if cls and cls[0].isupper():
            return f"{mod.replace('.', '/')}.py::{cls}::{name}"
        return f"{classname.replace('.', '/')}.py::{name}"
    return f"{classname} > {name}" if classname else name


def failures(paths):
    out = []
    for p in paths:
        try:
            root = ET.parse(p).getroot()
        except ET.ParseError as e:
            print(f"skip {p}: {e}", file=sys.stderr)
            continue
        for c in cases(root):
            bad = c.find("failure")
            if bad is None:
                bad = c.find("error")
            if bad is None:
                continue
            runner = detect_runner(p, c)
            out.append({
                "id": test_id(c, runner),
                "runner": runner,
                "kind": bad.tag,
                "message": (bad.get("message") or "")[:500],
                "detail": (bad.text or "")[-2000:],
                "time": float(c.get("time") or 0),
                "report": str(p),
            })
    return out


def main(argv):
    paths = []
    for a in argv or ["junit.xml"]:
        p = Path(a)
        paths.extend(sorted(p.rglob("*.xml")) if p.is_dir() else [p])
    result = failures(paths)
    json.dump(result, sys.stdout, indent=2)
    print(f"{len(result)} failing test(s)", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
