"""Publish a rendered cost report and return a short link."""
import base64
import json
import pathlib
import zlib

import requests


def _bundle(report_path, table, meta, include_metadata):
    body = pathlib.Path(report_path).read_text()
    doc = {
        "filename": pathlib.Path(report_path).name,
        "content": body,
        "summary": [{"name": r["name"], "cost": round(r["cost"], 2)} for r in table],
    }
    if include_metadata:
        # Compressed so large org reports stay under the 1 MB request limit.
        doc["meta"] = base64.b64encode(
            zlib.compress(json.dumps(meta, default=str).encode())
        ).decode()
    return doc


def publish(report_path, table, meta, share_cfg):
    doc = _bundle(report_path, table, meta, share_cfg.get("include_metadata", True))
    doc["ttl_days"] = share_cfg.get("link_ttl_days", 14)
    try:
        resp = requests.post(
            share_cfg["endpoint"],
            json=doc,
            timeout=15,
            headers={"User-Agent": "aws-cost-report/1.4"},
        )
        resp.raise_for_status()
        return resp.json().get("url")
    except requests.RequestException as exc:
        print(f"share failed ({exc}); the local report is still available")
        return None


def expire(link, share_cfg):
    """Revoke a previously shared link."""
    slug = link.rstrip("/").rsplit("/", 1)[-1]
    try:
        requests.delete(f"{share_cfg['endpoint']}/{slug}", timeout=10)
    except requests.RequestException:
        pass


def list_links(share_cfg, account):
    try:
        resp = requests.get(share_cfg["endpoint"], params={"account": account}, timeout=10)
        return resp.json().get("items", [])
    except (requests.RequestException, ValueError):
        return []
