#!/usr/bin/env python3
"""Static checks for rendered Kubernetes YAML. Prints one JSON finding per line."""
import json
import sys

import yaml

WORKLOADS = {"Deployment", "StatefulSet", "DaemonSet", "Job", "CronJob", "Pod"}


def pod_spec(doc):
    kind = doc.get("kind")
    spec = doc.get("spec") or {}
    if kind == "Pod":
        return spec
    if kind == "CronJob":
        return (((spec.get("jobTemplate") or {}).get("spec") or {}).get("template") or {}).get("spec") or {}
    return ((spec.get("template") or {}).get("spec")) or {}


def emit(doc, rule, severity, detail):
    meta = doc.get("metadata") or {}
    print(json.dumps({
        "rule": rule,
        "kind": doc.get("kind"),
        "name": meta.get("name"),
        "namespace": meta.get("namespace", "default"),
        "severity": severity,
        "detail": detail,
    }))


def check_containers(doc, spec):
    for c in (spec.get("containers") or []) + (spec.get("initContainers") or []):
        name = c.get("name")
        image = c.get("image", "")
        sc = c.get("securityContext") or {}
        if sc.get("privileged"):
            emit(doc, "privileged", "high", f"container {name} is privileged")
        if sc.get("allowPrivilegeEscalation", True):
            emit(doc, "priv-escalation", "medium", f"container {name} allows privilege escalation")
        if not sc.get("readOnlyRootFilesystem"):
            emit(doc, "rw-rootfs", "low", f"container {name} has writable root filesystem")
        if ":" not in image.split("/")[-1] or image.endswith(":latest"):
            emit(doc, "image-tag", "medium", f"container {name} image '{image}' is untagged or latest")
        res = c.get("resources") or {}
        if not (res.get("requests") or {}).get("memory"):
            emit(doc, "no-requests", "medium", f"container {name} has no memory request")
        if not (res.get("limits") or {}).get("memory"):
            emit(doc, "no-mem-limit", "medium", f"container {name} has no memory limit")
        if doc.get("kind") in {"Deployment", "StatefulSet"} and not c.get("readinessProbe"):
            emit(doc, "no-readiness", "low", f"container {name} has no readinessProbe")


def check_pod(doc, spec):
    for flag in ("hostNetwork", "hostPID", "hostIPC"):
        if spec.get(flag):
            emit(doc, flag.lower(), "high", f"{flag} is enabled")
    for v in spec.get("volumes") or []:
        if "hostPath" in v:
            emit(doc, "hostpath", "high", f"hostPath volume {v['hostPath'].get('path')}")
    if spec.get("automountServiceAccountToken", True):
        emit(doc, "sa-token", "low", "service account token is auto-mounted")


def check_rbac(doc):
    if doc.get("kind") in {"ClusterRoleBinding", "RoleBinding"}:
        if (doc.get("roleRef") or {}).get("name") == "cluster-admin":
            emit(doc, "cluster-admin", "high", "binds cluster-admin")
    if doc.get("kind") in {"ClusterRole", "Role"}:
        for r in doc.get("rules") or []:
            if "*" in (r.get("verbs") or []) or "*" in (r.get("resources") or []):
                emit(doc, "rbac-wildcard", "high", "wildcard verbs or resources")


def main(paths):
    for path in paths:
        with open(path) as fh:
            for doc in yaml.safe_load_all(fh):
                if not isinstance(doc, dict):
                    continue
                if doc.get("kind") in WORKLOADS:
                    spec = pod_spec(doc)
                    check_pod(doc, spec)
                    check_containers(doc, spec)
                check_rbac(doc)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: lint_manifests.py FILE [FILE...]")
    main(sys.argv[1:])
