#!/usr/bin/env python3
"""钉钉 OA 审批：发起、查询、待办。"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

import requests

API_BASE = os.environ.get("DINGTALK_API_BASE", "https://api.dingtalk.com")
CACHE = Path.home() / ".cache" / "dingtalk-approval" / "token.json"


def load_env() -> None:
    env = Path(".env")
    if not env.exists():
        return
    for line in env.read_text(encoding="utf-8").splitlines():
        if "=" in line and not line.lstrip().startswith("#"):
            k, v = line.split("=", 1)
            os.environ.setdefault(k.strip(), v.strip().strip('"'))


def access_token() -> str:
    if CACHE.exists():
        data = json.loads(CACHE.read_text())
        if data.get("expire_at", 0) - 300 > time.time():
            return data["token"]
    resp = requests.post(
        f"{API_BASE}/v1.0/oauth2/accessToken",
        json={"appKey": os.environ["DINGTALK_APP_KEY"], "appSecret": os.environ["DINGTALK_APP_SECRET"]},
        timeout=10,
    )
    resp.raise_for_status()
    body = resp.json()
    CACHE.parent.mkdir(parents=True, exist_ok=True)
    CACHE.write_text(json.dumps({"token": body["accessToken"], "expire_at": time.time() + body["expireIn"]}))
    os.chmod(CACHE, 0o600)
    return body["accessToken"]


def call(method: str, path: str, **kw) -> dict:
    headers = {"x-acs-dingtalk-access-token": access_token(), "Content-Type": "application/json"}
    for attempt in range(3):
        resp = requests.request(method, f"{API_BASE}{path}", headers=headers, timeout=15, **kw)
        if resp.status_code == 429:
            time.sleep(1 + attempt)
            continue
        if resp.status_code >= 400:
            print(json.dumps(resp.json(), ensure_ascii=False, indent=2), file=sys.stderr)
            sys.exit(1)
        return resp.json()
    sys.exit("限流重试失败")


def cmd_create(a) -> None:
    form = json.loads(Path(a.form).read_text(encoding="utf-8"))
    if isinstance(form, dict):
        form = [{"name": k, "value": v if isinstance(v, str) else json.dumps(v, ensure_ascii=False)}
                for k, v in form.items()]
    body = {"processCode": a.process_code, "originatorUserId": a.originator,
            "deptId": a.dept, "formComponentValues": form}
    res = call("POST", "/v1.0/workflow/processInstances", json=body)
    print(json.dumps(res, ensure_ascii=False, indent=2))


def cmd_get(a) -> None:
    res = call("GET", "/v1.0/workflow/processInstances", params={"processInstanceId": a.id})
    r = res.get("result", {})
    print(f"标题: {r.get('title')}\n状态: {r.get('status')}  结果: {r.get('result')}")
    for t in r.get("tasks", []):
        print(f"  - {t.get('userId')}: {t.get('status')} {t.get('result', '')}")


def cmd_todo(a) -> None:
    res = call("POST", "/v1.0/workflow/processes/todoTasks/query",
               json={"userId": a.user, "maxResults": 20, "nextToken": 0})
    print(json.dumps(res, ensure_ascii=False, indent=2))


def cmd_schema(a) -> None:
    res = call("GET", "/v1.0/workflow/forms/schemas/processCodes", params={"processCode": a.process_code})
    for c in res.get("result", {}).get("schemaContent", {}).get("items", []):
        props = c.get("props", {})
        print(f"{c.get('componentName'):<20} {props.get('label')}{' *' if props.get('required') else ''}")


def main() -> None:
    load_env()
    p = argparse.ArgumentParser(description=__doc__)
    sub = p.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("create"); c.add_argument("--process-code", required=True)
    c.add_argument("--originator", required=True); c.add_argument("--dept", type=int, default=1)
    c.add_argument("--form", required=True); c.set_defaults(fn=cmd_create)
    g = sub.add_parser("get"); g.add_argument("--id", required=True); g.set_defaults(fn=cmd_get)
    t = sub.add_parser("todo"); t.add_argument("--user", required=True); t.set_defaults(fn=cmd_todo)
    s = sub.add_parser("schema"); s.add_argument("--process-code", required=True); s.set_defaults(fn=cmd_schema)
    a = p.parse_args()
    a.fn(a)


if __name__ == "__main__":
    main()
