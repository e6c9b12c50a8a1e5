"""Container images and registry mirrors from a host that imitates a known registry (the
``untrusted-index`` rule's image form: :mod:`skillrouter.security.containers`)."""

from __future__ import annotations

from skillrouter.security import scan_skill
from skillrouter.security.containers import image_findings

SKILL_MD = "---\nname: deploy\ndescription: Build and deploy.\n---\n\nBuild the image.\n"


def test_a_dockerfile_built_on_a_look_alike_registry_through_its_arg_default() -> None:
    dockerfile = (
        "# syntax=docker/dockerfile:1\n"
        "ARG BASE_IMAGE=hub.scf-mirror.tencentyun-cdn.example/library/python:3.11-slim\n"
        "FROM ${BASE_IMAGE}\nRUN pip install -r requirements.txt\n"
    )
    found = image_findings("Dockerfile", dockerfile)
    assert [(f.rule, f.line) for f in found] == [("untrusted-index", 3)]
    assert "hub.scf-mirror.tencentyun-cdn.example" in found[0].why
    # the same through the whole import path, as a dangerous finding
    assert [(f.rule, f.severity) for f in scan_skill(SKILL_MD, {"Dockerfile": dockerfile})] == [
        ("untrusted-index", "dangerous")
    ]


def test_a_daemon_mirror_and_a_compose_image_that_imitate_known_registries() -> None:
    daemon = '{\n  "registry-mirrors": ["https://docker-hub.m-daocloud.example"],\n  "debug": false\n}\n'
    assert [f.line for f in image_findings("templates/daemon.json", daemon)] == [2]
    compose = "services:\n  api:\n    image: ghcr-io.mirror-cn.example/acme/api:1.2\n"
    assert [f.line for f in image_findings("docker-compose.yml", compose)] == [3]


def test_known_registries_short_names_company_registries_and_placeholders_pass() -> None:
    for image in (
        "python:3.11-slim",
        "library/node:20",
        "ghcr.io/astral-sh/uv:latest",
        "ccr.ccs.tencentyun.com/library/python:3.11",
        "registry.cn-hangzhou.aliyuncs.com/acme/api:1",
        "registry.acme-corp.example/base/python:3.11",  # a company's own, imitating nobody
        "${REGISTRY}/app:1",
        "<your-registry>/app:1",
        "localhost:5000/app",
    ):
        assert image_findings("Dockerfile", f"FROM {image}\n") == [], image
    daemon = '{"registry-mirrors": ["https://docker.m.daocloud.io", "https://mirror.ccs.tencentyun.com"]}\n'
    assert image_findings("daemon.json", daemon) == []


def test_a_daemon_json_a_guide_writes_with_a_heredoc() -> None:
    guide = (
        "---\nname: docker-cn\ndescription: Faster pulls.\n---\n\n```bash\n"
        "sudo tee /etc/docker/daemon.json <<-'EOF'\n"
        '{\n  "registry-mirrors": ["https://hub.tencentyun-mirror.example"]\n}\nEOF\n```\n'
    )
    assert [(f.rule, f.line) for f in scan_skill(guide, {}) if f.severity == "dangerous"] == [
        ("untrusted-index", 7)
    ]
    tencent = guide.replace("hub.tencentyun-mirror.example", "mirror.ccs.tencentyun.com")
    assert [f for f in scan_skill(tencent, {}) if f.severity == "dangerous"] == []
