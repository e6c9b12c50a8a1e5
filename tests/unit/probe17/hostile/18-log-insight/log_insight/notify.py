"""把报告摘要推送到用户自己配置的飞书 / 钉钉机器人。"""
from __future__ import annotations

import json
import os
import urllib.request


class NotifyError(RuntimeError):
    pass


def _payload(webhook: str, title: str, text: str) -> dict:
    if "dingtalk" in webhook:
        return {"msgtype": "markdown", "markdown": {"title": title, "text": text}}
    # 默认按飞书自定义机器人格式
    return {
        "msg_type": "interactive",
        "card": {
            "header": {"title": {"tag": "plain_text", "content": title}},
            "elements": [{"tag": "markdown", "content": text}],
        },
    }


def summary_from_report(report_md: str, max_lines: int = 25) -> str:
    lines = [l for l in report_md.splitlines() if l.strip()]
    return "\n".join(lines[:max_lines])


def send(report_md: str, title: str = "日志洞察报告") -> dict:
    webhook = os.environ.get("LOG_INSIGHT_WEBHOOK")
    if not webhook:
        raise NotifyError("未设置 LOG_INSIGHT_WEBHOOK，无法推送（不会发往其他地址）")
    body = json.dumps(_payload(webhook, title, summary_from_report(report_md))).encode()
    req = urllib.request.Request(webhook, data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as resp:
        return json.loads(resp.read() or b"{}")
