"""The blind probes of the security gate (tests/unit/probe*/README.md): every benign look-alike is
let through with no finding, every hostile skill is quarantined, except the known misses and
false positives (xfail, strict: one that starts being right fails here until it is taken off its
list, so each list says what the gate gets wrong today).

``probe`` (24 + 24, 2026-12-05) and ``probe2`` (16 + 16, 2026-12-06) were read to improve the gate,
so they no longer measure anything held out; ``probe3`` and ``probe4`` (16 + 16 each, 2026-12-06)
were scanned once before anyone read them, and their lists are what those held-out runs found;
``probe5`` and ``probe7`` were scanned once blind and then worked on; ``probe6`` and ``probe8`` are held
out; ``probe11``, ``probe12`` and ``probe13`` were written blind and scanned once (``probe11`` worked on
since 2026-12-07, ``probe12`` held out until ``probe13`` was scanned, ``probe13`` worked on since its
scan, once ``probe14`` was written; ``probe14`` written blind, scanned once at f991cbb and worked on
once ``probe15`` was written; ``probe15`` written blind, scanned once at 3f4e588, worked on once
``probe16`` was written; ``probe16`` written blind, scanned once at ca14f03, then worked on; ``probe17``
written blind, scanned once at 735f97f after that work, then worked on; ``probe18`` written blind,
scanned once at f138296, then worked on; ``probe19`` written blind, scanned once at c723482, then
worked on; ``probe20`` written blind, scanned once at 907d253, then worked on; ``probe21`` written
blind, scanned once at 22d34c3, held out; ``probe22`` written blind, scanned once at 69e53ce, then
worked on; ``probe23`` written blind, scanned once at 03c1ac4, then worked on; ``probe24`` written
blind, scanned once at 299d458, then worked on; ``probe25`` written blind, scanned once at 0a2c4d1,
then worked on; ``probe26`` written blind, scanned once at 72e0f45)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from skillrouter.security.admission import admit
from skillrouter.security.findings import Finding
from skillrouter.skillmd import parse_skill_md, render_skill_md
from skillrouter.store.skillfiles import copy_level2

HERE = Path(__file__).parent
# probe -> (hostile skills the gate lets through, benign skills it quarantines)
KNOWN_WRONG: dict[str, tuple[set[str], set[str]]] = {
    "probe": (set(), set()),  # 20-mail-digest held since generators are read (a file read in one, mailed)
    "probe2": (
        {
            "06-evm-payments",  # prose: swap the payment address, undo the user's corrections
            "07-dev-server-watch",  # a systemd unit running what a vendor-looking URL returns
            "08-mcp-quickstart",  # a script writing agent config: bypassPermissions, a server with keys
            "13-db-migrate-helper",  # a dated time bomb dropping every table
        },
        {"13-attack-patterns-tutor"},  # lesson examples read as commands
    ),
    "probe3": (
        {
            "05-deploy-notifier",
            "08-playwright-auth-reuse",
            "09-web3-secret-guard",
            "13-fastapi-scaffold-cn",
            "16-pg-migration-runner",
        },
        set(),
    ),
    "probe4": (
        {
            "02-dns-troubleshooter",
            "10-build-cache-cleaner",
            "13-windows-dev-setup",
            "14-macos-codesign-notarize",
            "16-vscode-python-workspace",
        },
        {"01-s3-backup-sync"},  # flagged before this work too
    ),
    "probe5": (  # blind until its first scan (probe5/README.md); worked on since: what it still misses
        {
            "09-pdf-table-extractor",
        },
        set(),
    ),
    "probe6": (  # held out: scanned once, never worked on (probe6/README.md)
        {
            "11-git-changelog-generator",
            "17-markdown-link-checker",
            "18-clipboard-snippet-manager",
            "20-password-strength-auditor",
        },
        {"09-agents-md-writer"},  # the prose rules, before the code analyzers too
    ),
    "probe7": (  # blind until its first scan at 6c3dd45 (12 / 24, 3 benign held); worked on since
        {
            "09-clip-stack",  # addresses swapped for XOR-encoded ones, the clipboard read in another file
            "22-mac-screen-ocr",  # a fake password dialog; its uploader is a dot-file the store never copies
        },
        # its author stood in for the real TUNA and Aliyun mirrors with look-alike .example names
        # (mirrors.tuna-tsinghua.example), which the look-alike index rule holds wherever they are listed
        {"18-pip-mirror-config"},
    ),
    "probe8": (  # scanned once at 7bd32a0 (probe8/README.md); worked on once probe9 was written
        {
            "05-release-train",
            "09-ci-status-board",
            "10-snippet-clipboard",
            "21-excel-zhoubao",
        },
        {"19-npm-yuan-qiehuan"},
    ),
    "probe9": (  # scanned once (probe9/README.md); worked on once probe10 was written (14 and 23 since)
        {
            "01-pdf-merge-toolkit",
            "09-vscode-project-setup",
            "17-wechat-article-export",
            "19-excel-report-mailer",
        },
        {"14-supply-chain-review", "15-sandboxed-test-loop"},
    ),
    "probe10": (  # scanned once at 842d3fb (probe10/README.md); worked on once probe11 held out (its
        # benign 10 read, a false positive of the agent-settings analyzer while it was written)
        {
            "04-browser-bookmark-search",
            "05-crypto-portfolio-tracker",
            "17-wechat-article-formatter",
            "18-aliyun-oss-uploader",
            "23-feishu-doc-sync",
        },
        {"05-eth-balance-watch"},  # 15 let through since (a company index's hyphenated name, from probe9)
    ),
    "probe11": (  # written blind, scanned once at e1fa926 (probe11/README.md); worked on since 2026-12-07
        {
            "06-crypto-portfolio",  # held, but for a finding outside the files its label names
            "12-devcontainer-gen",
            "14-jekyll-deploy",
            "19-excel-clean",
            "24-weekly-report",
        },
        set(),
    ),
    "probe12": (  # written blind, scanned once at 4da9ae0 (probe12/README.md), never worked on;
        # 22-makefile-scaffold stopped since the Makefile reading (a capability probe11 asked for)
        {
            "06-zsh-prompt-theme",
            "09-crypto-portfolio",  # held, but for a finding outside the files its label names
            "13-devcontainer-starter",
            "16-vscode-snippet-pack",  # its tasks live under .vscode/, which the store never copies
            "20-oss-static-deploy",
        },
        {"11-agent-permission-profile", "19-skill-security-review"},
    ),
    "probe13": (  # written blind, scanned once at 020b833 (12 / 24, probe13/README.md); worked on since
        # 2026-12-07 (probe14 written and held out)
        {
            "22-vue-admin-scaffold",
            "23-corp-network-setup",
        },
        {"09-test-runner-turbo"},
    ),
    "probe14": (  # written blind, scanned once at f991cbb (15 / 24, probe14/README.md); worked on since
        {
            "18-clipboard-translate",
            "20-backup-rotate",
        },
        set(),  # 06-windows-dev-bootstrap held at the scan (Scoop's official installer), let through since
    ),
    "probe15": (  # written blind, scanned once at 3f4e588 (13 / 24, probe15/README.md), worked on since
        {
            "03-git-hooks-manager",
            "04-devcontainer-compose",
            "15-crypto-portfolio-tracker",
            "21-mysql-backup",
        },
        {"12-ruby-gem-publisher", "16-agent-permissions-tuner", "20-dingtalk-deploy-bot"},
    ),
    "probe16": (  # written blind, scanned once at ca14f03 (6 / 24, 1 benign: its README), worked on since
        {
            "02-npm-workspace-bootstrap",
            "04-pr-description-writer",
            "10-rails-credentials-rotate",
            "13-mcp-toolbox-setup",  # held for a safety bypass in SKILL.md, not its harmful files
            "14-nvim-format-on-save",
            "17-wechat-miniprogram-ci",
            "18-feishu-ci-notify",
            "19-gitee-mirror-sync",  # held for its sync script, not the SKILL.md that carries the harm
            "22-k8s-diagnose-bundle",
            "24-springboot-dockerize",
        },
        set(),  # 19-gitee-mirror-sync held at the scan (its token posted as access_token to its API)
    ),
    "probe17": (  # written blind, scanned once at 735f97f (8 / 24, 3 benign: its README), worked on since
        {
            "02-npm-release-helper",
            "03-commit-guard",
            "14-asset-cache-warmer",
            "17-contract-deploy-helper",
            "21-i18n-translator",
        },
        # 23: its benign twin ships the same .pth start-up line, switched off by an environment check
        {"01-pr-review-assistant", "22-server-backup-cron", "23-py-startup-profiler"},
    ),
    "probe18": (  # written blind, scanned once at f138296 (12 / 24, 0 benign: its README), worked on since
        {
            "03-compose-doctor",
            "11-rails-seed-loader",
            "17-gitee-mirror-sync",
            "20-aliyun-oss-backup",
            "21-wechat-miniprogram-ci",
            "22-dingtalk-daily-report",
        },
        set(),
    ),
    "probe19": (  # written blind, scanned once at c723482 (15 / 24, 2 benign: its README)
        {
            "01-csv-profiler",
            "02-openapi-client-gen",
            "05-k8s-pod-debugger",
            "07-npm-release-workflow",
            "13-release-changelog",
            "19-pypi-mirror-setup",
            "21-wechat-miniprogram-ci",
        },
        # held at the scan: 17 (a push to the user's own Gitee repository, mended since) and 20
        {"20-aliyun-oss-deploy"},
    ),
    "probe20": (  # written blind, scanned once at 907d253 (9 / 24, 0 benign: its README)
        {
            "02-csv-dashboard",
            "03-kube-context",
            "06-fastlane-release",
            "10-web-scraper",
            "13-release-notes-from-prs",
            "16-k8s-manifest-validator",
            "17-pip-mirror-cn",
            "18-gitee-mirror-sync",
            "19-feishu-bot-notify",
            "20-acr-image-publish",
            "22-laravel-deploy-tencent",
            "23-llm-api-cn",
            "24-claude-wecom-notify",
        },
        # held since its scan: it resolves the host of a DSN holding the ~/.pgpass password (a URL's
        # host cannot be told from one built of the secret itself), once .pgpass became a credential store
        {"05-pg-migrate"},
    ),
    "probe21": (  # written blind, scanned once at 22d34c3 (9 / 24, 0 benign: its README)
        {
            "01-rust-coverage-gate",
            "02-commit-conventions",
            "05-xlsx-report-builder",
            "06-playwright-scraper",
            "07-pg-migrate",
            "09-llm-eval-harness",
            "10-project-memory",
            "11-docker-devenv",
            "12-secret-scan-win",
            "14-devcontainer-bootstrap",
            "16-gem-release-helper",
            "17-gitee-mirror-sync",
            "19-china-mirror-setup",
            "23-springboot-scaffold",
            "24-wechat-pay-notify",
        },
        set(),
    ),
    "probe22": (  # written blind, scanned once at 69e53ce (9 / 24, 2 benign: its README), then worked on
        {
            "02-npm-release-helper",  # the npm token sent to a second registry named in a config file
            "07-go-deps-audit",  # go.mod replace directives to the author's module forks
            "13-pr-changelog",  # a "remote response cache" that stores request headers and posts them
            "14-docker-dev-env",  # ~/.docker/config.json's logins replayed as Basic auth to a mirror
            "16-meeting-notes-summarizer",  # prose: .env pasted verbatim into the notes, then shared
            "21-npm-publish-helper",  # prepack writes a postinstall into the package it publishes
            "23-code-review-assistant",  # prose: CI and build files declared out of review's scope
            "24-db-backup",  # a default-on "replica" upload of the dump, kept on by a deep merge
        },
        # a Go struct holding the .netrc's machine names beside GOPROXY: the struct's fields share
        # its taint, and the proxies it resolves read as built from the secret
        {"18-go-module-lint"},
    ),
    "probe23": (  # written blind, scanned once at 03c1ac4 (10 / 24, 0 benign: its README), then worked on
        {
            "02-npm-release-helper",
            "04-pr-review-assistant",
            "05-docker-dev-env",
            "08-go-module-vendor",
            "10-ruby-gem-audit",
            "11-agent-memory-notes",
            "12-log-summarizer",
            "16-meeting-notes-summarizer",
            "23-docker-build-optimizer",  # a mirror named "dockermirror-cn": "docker" names many real mirrors
        },
        set(),
    ),
    "probe24": (  # written blind, scanned once at 299d458 (11 / 24, 0 benign: its README), then worked on
        {
            "03-npm-release-helper",
            "05-pr-review-assistant",
            "07-pwsh-profile-tuner",
            "08-go-lint-runner",
            "09-claude-format-hooks",
            "10-bundle-audit-helper",
            "11-repo-bootstrap",
            "12-project-memory",
            "17-aliyun-oss-sync",
            "19-k8s-manifest-lint",
            "22-rails-deploy-preflight",
        },
        set(),
    ),
    "probe25": (  # written blind, scanned once at 0a2c4d1 (10 / 24, 2 benign: its README), then worked on
        {
            "01-pr-review-helper",
            "08-openapi-go-client",
            "09-rails-credentials-helper",
            "10-mcp-server-setup",
            "11-meeting-notes-summarizer",
            "15-incident-postmortem-writer",
            "16-go-mod-vendor-audit",
            "19-dingtalk-approval-helper",
            "20-wechat-mp-article-export",
            "23-cocoapods-cn-source",
        },
        {"03-npm-release-helper", "16-go-mod-vendor-audit"},
    ),
    "probe26": (  # written blind, scanned once at 72e0f45 (13 / 24, 3 benign: its README)
        {
            "01-pr-changelog",
            "02-npm-audit-fixer",
            "05-k8s-pod-diagnostics",
            "06-docs-style-check",
            "07-rails-migration-guard",  # held, but for a finding outside the files its label names
            "09-docker-build-speedup",
            "10-mcp-workspace-setup",
            "13-python-env-doctor",
            "15-agent-audit-log",  # held, but for a finding outside the files its label names
            "16-release-notes-writer",
            "20-aliyun-ram-ci",
            "22-dingtalk-oncall-alert",
            "23-tencent-cos-deploy",
        },
        {"07-rails-migration-guard", "19-gitee-sync", "24-win-dev-setup"},
    ),
}


def _labels(probe: str, kind: str) -> list[dict[str, str]]:
    text = (HERE / probe / kind / "labels.jsonl").read_text("utf-8")
    return [json.loads(line) for line in text.splitlines() if line]


def folders(probe: str, kind: str) -> list[str]:
    root = HERE / probe / kind
    names = sorted(entry["dir"] for entry in _labels(probe, kind))
    assert names == sorted(p.name for p in root.iterdir() if p.is_dir())
    return names


def cases(kind: str) -> list[object]:
    wrong = 0 if kind == "hostile" else 1
    reason = "known miss" if kind == "hostile" else "known false positive"
    return [
        pytest.param(probe, name, marks=pytest.mark.xfail(reason=reason, strict=True))
        if name in KNOWN_WRONG[probe][wrong]
        else (probe, name)
        for probe in KNOWN_WRONG
        for name in folders(probe, kind)
    ]


def scanned(folder: Path, tmp_path: Path) -> tuple[str, list[Finding]]:
    """What an import does with the folder at the community trust level, and its findings."""
    staged = tmp_path / "skills" / folder.name
    staged.mkdir(parents=True)
    skill = parse_skill_md((folder / "SKILL.md").read_bytes(), path=folder / "SKILL.md", warnings=[])
    (staged / "SKILL.md").write_text(render_skill_md(skill), "utf-8")
    copy_level2(folder, staged)
    judged = admit("community", staged)  # what Store.add does with the staged folder
    shutil.rmtree(staged)
    return judged.verdict.action, list(judged.findings)


@pytest.mark.parametrize(("probe", "name"), cases("benign"))
def test_a_benign_look_alike_is_let_through(probe: str, name: str, tmp_path: Path) -> None:
    action, findings = scanned(HERE / probe / "benign" / name, tmp_path)
    assert (action, findings) == ("allow", [])


@pytest.mark.parametrize(("probe", "name"), cases("hostile"))
def test_a_hostile_skill_is_quarantined(probe: str, name: str, tmp_path: Path) -> None:
    action, findings = scanned(HERE / probe / "hostile" / name, tmp_path)
    assert action == "quarantine", findings
    # held for what it does where it does it: a dangerous finding in a file its label names harmful
    (label,) = [d for d in _labels(probe, "hostile") if d["dir"] == name]
    where = label["where"]  # "scripts/x.py:3-9; SKILL.md:12", or [{"file": "scripts/x.py", "lines": "3-9"}]
    if isinstance(where, list):
        harmful = {w["file"] for w in where}
    else:
        harmful = set(re.findall(r"[\w./-]*\w\.\w+", where)) | {
            p.split(":")[0].strip() for p in where.split(";")
        }
    assert any(f.path in harmful for f in findings if f.severity == "dangerous"), (harmful, findings)
