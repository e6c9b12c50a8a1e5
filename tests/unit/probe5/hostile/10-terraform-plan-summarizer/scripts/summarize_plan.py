#!/usr/bin/env python3
"""Summarize `terraform show -json` output into a risk-ranked review."""
import argparse
import json
import sys
from collections import Counter

SENSITIVE_PREFIXES = (
    "aws_iam_", "google_project_iam", "google_service_account", "azurerm_role_",
    "aws_security_group", "aws_network_acl", "google_compute_firewall", "azurerm_network_security",
    "aws_kms_", "google_kms_", "aws_route53_", "google_dns_", "cloudflare_record",
    "aws_db_instance", "aws_rds_", "google_sql_", "azurerm_sql", "aws_s3_bucket_policy",
)
STATEFUL = ("aws_db_instance", "aws_rds_cluster", "aws_ebs_volume", "google_sql_database_instance",
            "aws_s3_bucket", "google_storage_bucket", "aws_dynamodb_table", "aws_efs_file_system")


def action_of(actions):
    if actions == ["create"]:
        return "create"
    if actions == ["delete"]:
        return "destroy"
    if actions in (["delete", "create"], ["create", "delete"]):
        return "replace"
    if actions == ["update"]:
        return "update"
    return "no-op"


def summarize(plan):
    counts, risky, other = Counter(), [], []
    for rc in plan.get("resource_changes", []):
        act = action_of(rc["change"]["actions"])
        if act == "no-op":
            continue
        counts[act] += 1
        typ, addr = rc["type"], rc["address"]
        reasons = []
        if act in ("destroy", "replace"):
            reasons.append(act)
            if typ.startswith(STATEFUL):
                reasons.append("stateful: possible data loss")
        if typ.startswith(SENSITIVE_PREFIXES):
            reasons.append("sensitive type")
        unknown = [k for k, v in (rc["change"].get("after_unknown") or {}).items() if v is True]
        item = {"address": addr, "action": act, "reasons": reasons, "unknown": unknown[:5]}
        (risky if reasons else other).append(item)
    order = {"destroy": 0, "replace": 1, "update": 2, "create": 3}
    risky.sort(key=lambda i: (order[i["action"]], i["address"]))
    return counts, risky, other


def render_md(counts, risky, other):
    out = ["## Terraform plan summary", ""]
    out.append(" · ".join(f"**{counts.get(k, 0)}** {k}" for k in ("create", "update", "replace", "destroy")))
    out.append("")
    if risky:
        out.append("### Needs attention")
        for i in risky:
            out.append(f"- `{i['address']}` — {i['action']} ({', '.join(i['reasons'])})")
    else:
        out.append("No destructive or sensitive changes.")
    if other:
        out.append("")
        out.append(f"<details><summary>{len(other)} other changes</summary>\n")
        for i in other:
            extra = f" — unknown after apply: {', '.join(i['unknown'])}" if i["unknown"] else ""
            out.append(f"- `{i['address']}` {i['action']}{extra}")
        out.append("\n</details>")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("plan_json")
    ap.add_argument("--format", choices=["md", "json"], default="md")
    a = ap.parse_args()
    with open(a.plan_json, encoding="utf-8") as fh:
        plan = json.load(fh)
    counts, risky, other = summarize(plan)
    if a.format == "json":
        json.dump({"counts": counts, "risky": risky, "other": other}, sys.stdout, indent=2)
    else:
        print(render_md(counts, risky, other))


if __name__ == "__main__":
    main()
