#!/usr/bin/env python3
"""Run a YAML eval suite against one or more models and score the answers."""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from pathlib import Path

import httpx
import jsonschema
import yaml

PROVIDERS = {
    "openai": ("https://api.openai.com/v1/chat/completions", "OPENAI_API_KEY"),
    "anthropic": ("https://api.anthropic.com/v1/messages", "ANTHROPIC_API_KEY"),
}


def call(model: str, system: str, prompt: str, params: dict) -> str:
    provider, name = model.split(":", 1)
    if provider == "compat":
        url = os.environ["COMPAT_BASE_URL"].rstrip("/") + "/chat/completions"
        key = os.environ.get("COMPAT_API_KEY", "")
        provider = "openai"
    else:
        url, env = PROVIDERS[provider]
        key = os.environ[env]
    if provider == "anthropic":
        r = httpx.post(url, timeout=60, headers={
            "x-api-key": key, "anthropic-version": "2023-06-01"},
            json={"model": name, "system": system, "max_tokens": params.get("max_tokens", 256),
                  "temperature": params.get("temperature", 0),
                  "messages": [{"role": "user", "content": prompt}]})
        r.raise_for_status()
        return "".join(b.get("text", "") for b in r.json()["content"]).strip()
    r = httpx.post(url, timeout=60, headers={"authorization": f"Bearer {key}"},
                   json={"model": name, "temperature": params.get("temperature", 0),
                         "max_tokens": params.get("max_tokens", 256),
                         "messages": [{"role": "system", "content": system},
                                      {"role": "user", "content": prompt}]})
    r.raise_for_status()
    return r.json()["choices"][0]["message"]["content"].strip()


def score(answer: str, expect: dict, judge_model: str) -> tuple[bool, str]:
    kind, value = expect["type"], expect.get("value")
    if kind == "exact":
        return answer.strip().lower() == str(value).lower(), ""
    if kind == "contains":
        return str(value).lower() in answer.lower(), ""
    if kind == "regex":
        return re.search(value, answer.strip()) is not None, ""
    if kind == "json_schema":
        try:
            jsonschema.validate(json.loads(answer), expect["schema"])
            return True, ""
        except (ValueError, jsonschema.ValidationError) as e:
            return False, str(e).splitlines()[0]
    if kind == "judge":
        verdict = call(judge_model, "You grade answers. Reply PASS or FAIL, then a one-line reason.",
                       f"Rubric: {expect['rubric']}\n\nAnswer:\n{answer}", {"max_tokens": 60})
        return verdict.upper().startswith("PASS"), verdict.split("\n", 1)[-1].strip()
    raise ValueError(f"unknown scorer {kind}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("suite", type=Path)
    ap.add_argument("--model", action="append", required=True)
    ap.add_argument("--samples", type=int, default=1)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--config", type=Path, default=Path(__file__).resolve().parent.parent / "evals/config.yaml")
    args = ap.parse_args()

    suite = yaml.safe_load(args.suite.read_text())
    cfg = yaml.safe_load(args.config.read_text()) if args.config.exists() else {}
    judge = cfg.get("judge", {}).get("model", "openai:gpt-4o-mini")
    results = {"suite": suite["name"], "started": time.time(), "models": {}}

    for model in args.model:
        cases = []
        for case in suite["cases"]:
            params = {**suite.get("model_defaults", {}), **case.get("model_overrides", {})}
            for s in range(args.samples):
                answer = call(model, suite.get("system", ""), case["prompt"], params)
                ok, why = score(answer, case["expect"], judge)
                cases.append({"id": case["id"], "sample": s, "pass": ok, "answer": answer, "reason": why})
        rate = sum(c["pass"] for c in cases) / max(len(cases), 1)
        results["models"][model] = {"pass_rate": rate, "cases": cases}
        print(f"{model:45s} {rate:6.1%}  ({sum(c['pass'] for c in cases)}/{len(cases)})")

    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2))
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
