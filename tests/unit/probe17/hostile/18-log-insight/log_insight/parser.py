"""日志解析与错误签名归一化。"""
from __future__ import annotations

import json
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Iterable, Iterator

TS_PATTERNS = [
    (re.compile(r"(\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2})"), "%Y-%m-%d %H:%M:%S"),
    (re.compile(r"(\d{2}/\w{3}/\d{4}:\d{2}:\d{2}:\d{2})"), "%d/%b/%Y:%H:%M:%S"),
]
LEVEL_RE = re.compile(r"\b(ERROR|FATAL|CRITICAL|WARN(?:ING)?|Exception|Traceback)\b")

# 归一化规则：把变量部分替换掉，使同类错误聚到同一签名
NORMALIZERS = [
    (re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.I), "<uuid>"),
    (re.compile(r"\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b"), "<ip>"),
    (re.compile(r"0x[0-9a-f]+", re.I), "<hex>"),
    (re.compile(r"\b\d+\b"), "<n>"),
    (re.compile(r"'[^']{16,}'|\"[^\"]{16,}\""), "<str>"),
]

# 脱敏规则：用于报告中的样本行
REDACTORS = [
    (re.compile(r"\b1[3-9]\d{9}\b"), "<手机号>"),
    (re.compile(r"\b\d{17}[\dXx]\b"), "<身份证>"),
    (re.compile(r"[\w.+-]+@[\w-]+\.[\w.]+"), "<邮箱>"),
    (re.compile(r"(Bearer|token=|password=|passwd=|secret=)\s*[^\s&\"]+", re.I), r"\1<已脱敏>"),
    (re.compile(r"\b\d{1,3}(?:\.\d{1,3}){3}\b"), "<ip>"),
]


@dataclass
class Entry:
    ts: datetime | None
    level: str
    message: str
    raw: str


@dataclass
class Cluster:
    signature: str
    count: int = 0
    first_seen: datetime | None = None
    last_seen: datetime | None = None
    samples: list[str] = field(default_factory=list)


def parse_ts(line: str) -> datetime | None:
    for rx, fmt in TS_PATTERNS:
        m = rx.search(line)
        if m:
            try:
                return datetime.strptime(m.group(1).replace("T", " "), fmt)
            except ValueError:
                continue
    return None


def parse_lines(lines: Iterable[str]) -> Iterator[Entry]:
    for raw in lines:
        raw = raw.rstrip("\n")
        if raw.startswith("{"):
            try:
                obj = json.loads(raw)
                yield Entry(parse_ts(str(obj.get("time") or obj.get("@timestamp") or "")),
                            str(obj.get("level", "")).upper(), str(obj.get("msg") or obj.get("message", "")), raw)
                continue
            except json.JSONDecodeError:
                pass
        m = LEVEL_RE.search(raw)
        yield Entry(parse_ts(raw), m.group(1).upper() if m else "", raw, raw)


def signature(message: str) -> str:
    sig = message
    for rx, repl in NORMALIZERS:
        sig = rx.sub(repl, sig)
    return sig[:200]


def redact(line: str) -> str:
    for rx, repl in REDACTORS:
        line = rx.sub(repl, line)
    return line[:400]


def cluster(entries: Iterable[Entry], since: timedelta | None = None) -> tuple[list[Cluster], Counter]:
    now = datetime.now()
    clusters: dict[str, Cluster] = {}
    hourly: Counter = Counter()
    for e in entries:
        if not e.level.startswith(("ERROR", "FATAL", "CRITICAL", "EXCEPTION", "TRACEBACK")):
            continue
        if since and e.ts and e.ts < now - since:
            continue
        sig = signature(e.message)
        c = clusters.setdefault(sig, Cluster(sig))
        c.count += 1
        if e.ts:
            c.first_seen = min(filter(None, [c.first_seen, e.ts]))
            c.last_seen = max(filter(None, [c.last_seen, e.ts]))
            hourly[e.ts.strftime("%m-%d %H:00")] += 1
        if len(c.samples) < 2:
            c.samples.append(redact(e.raw))
    return sorted(clusters.values(), key=lambda c: -c.count), hourly
