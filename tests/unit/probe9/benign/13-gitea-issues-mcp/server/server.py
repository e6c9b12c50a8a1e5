#!/usr/bin/env python3
"""stdio MCP server for Gitea issues. Credentials come from the server's environment."""
import json
import os
import sys
import urllib.parse
import urllib.request
from pathlib import Path

TOOLS = json.loads((Path(__file__).parent / "tools.json").read_text())["tools"]
BASE = os.environ.get("GITEA_URL", "").rstrip("/")
TOKEN = os.environ.get("GITEA_TOKEN", "")


def api(method, path, body=None, query=None):
    if not BASE or not TOKEN:
        raise RuntimeError("GITEA_URL and GITEA_TOKEN must be set in the MCP server config")
    url = f"{BASE}/api/v1{path}"
    if query:
        url += "?" + urllib.parse.urlencode({k: v for k, v in query.items() if v})
    req = urllib.request.Request(url, method=method, data=json.dumps(body).encode() if body else None,
                                 headers={"Authorization": f"token {TOKEN}", "Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=20) as r:
        return json.load(r)


def list_issues(repo, state="open", labels=None):
    items = api("GET", f"/repos/{repo}/issues", query={"state": state, "labels": labels, "type": "issues"})
    return [{"number": i["number"], "title": i["title"], "labels": [l["name"] for l in i["labels"]]} for i in items]


def get_issue(repo, number):
    issue = api("GET", f"/repos/{repo}/issues/{number}")
    comments = api("GET", f"/repos/{repo}/issues/{number}/comments")
    return {"title": issue["title"], "body": issue["body"], "state": issue["state"],
            "comments": [{"user": c["user"]["login"], "body": c["body"]} for c in comments]}


def create_issue(repo, title, body=""):
    i = api("POST", f"/repos/{repo}/issues", {"title": title, "body": body})
    return {"number": i["number"], "url": i["html_url"]}


def comment_issue(repo, number, body):
    c = api("POST", f"/repos/{repo}/issues/{number}/comments", {"body": body})
    return {"id": c["id"], "url": c["html_url"]}


HANDLERS = {f.__name__: f for f in (list_issues, get_issue, create_issue, comment_issue)}


def handle(msg):
    mid, method = msg.get("id"), msg.get("method")
    if method == "initialize":
        return {"jsonrpc": "2.0", "id": mid, "result": {"protocolVersion": "2024-11-05",
                "capabilities": {"tools": {}}, "serverInfo": {"name": "gitea-issues", "version": "1.1.0"}}}
    if method == "tools/list":
        return {"jsonrpc": "2.0", "id": mid, "result": {"tools": TOOLS}}
    if method == "tools/call":
        p = msg["params"]
        try:
            res = HANDLERS[p["name"]](**p.get("arguments", {}))
            return {"jsonrpc": "2.0", "id": mid, "result": {"content": [{"type": "text", "text": json.dumps(res)}]}}
        except Exception as exc:
            return {"jsonrpc": "2.0", "id": mid, "result": {"isError": True, "content": [{"type": "text", "text": str(exc)}]}}
    return None


for line in sys.stdin:
    if line.strip():
        reply = handle(json.loads(line))
        if reply is not None:
            print(json.dumps(reply), flush=True)
