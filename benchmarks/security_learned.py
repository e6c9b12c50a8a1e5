"""A learned reader beside the gate, measured and not taken: a linear classifier over each file's
words, trained on the labelled skills we have and scored on skills it was not trained on.

What it reads: every text file of a skill as the importer takes it (the rendered ``SKILL.md``, its
``source:`` line dropped: the folder a skill came from names its probe's side), as words (code
identifiers, prose words, adjacent pairs, Chinese character pairs; English stop words left out),
with every host name, ``.example`` domain and IP address replaced by a placeholder (the probes'
attackers use ``.example`` hosts; real ones do not). Labels: the files a hostile probe skill's
``labels.jsonl`` names harmful are positive (a hostile skill's other files are left out), every file
of a benign probe skill, of ``skill-security``'s benign skills and of the real libraries negative,
``skill-security``'s hostile skills positive. Logistic regression (L2, ``C``), classes balanced,
the benign probe twins weighted ``--benign-weight`` times (they are the hard negatives). A skill's
score is its highest file's.

Each group is scored by a model trained without it: each blind probe, ``skill-security``, and each
real library whole (hermes, anthropics, antigravity, clawhub en and zh together: its Chinese files
are translations of its English ones). Printed per threshold: the learned reader alone and with the
gate (a skill stopped by either), per probe on average, on probe17 (the probe the gate was tuned
on least), on ``skill-security`` and the real skills it would newly flag, by library.

    .venv/bin/python benchmarks/security_learned.py [--c 5] [--benign-weight 10] [--no-cjk]

Needs scikit-learn (``pip install scikit-learn``). Measured on 2026-12-07:
docs/evaluation/security.md ("A learned reader, measured and not taken").
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import itertools

from security_probe import harmful_files, labels
from security_real import Scanner, skill_folders

from skillrouter.security.admission import admit
from skillrouter.transfer.importer import candidate_view

ROOT = Path(__file__).resolve().parent.parent
PROBES = ROOT / "tests" / "unit"
LIBRARIES = (
    "hermes-agent-0.19.0",
    "anthropics-skills",
    "antigravity-awesome-skills",
    "clawhub-sample/en",
    "clawhub-sample/zh",
)

_URL = re.compile(r"\b[a-z][a-z0-9+.-]*://([^/\s:'\"`<>)\]]+)", re.IGNORECASE)
_DOMAIN = re.compile(
    r"\b(?:[a-z0-9-]+\.)+(?:example|com|net|org|io|dev|cn|co|app|ai|cloud|sh|me|xyz|info|top|site|run|"
    r"tech|gg|ly|so|to|cc|tv|us|uk|de|jp|ru|biz|online|pro|link|page|zone|local|internal|test|invalid)\b",
    re.IGNORECASE,
)
_IP = re.compile(r"\b\d{1,3}(?:\.\d{1,3}){3}\b")
_LOCAL = re.compile(r"^(?:127\.|10\.|192\.168\.|0\.0\.0\.0|172\.(?:1[6-9]|2\d|3[01])\.)")
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_CJK = re.compile(r"[\u4e00-\u9fff]+")
_SOURCE = re.compile(r"^source:.*$", re.MULTILINE)


def words(kind: str, relpath: str, text: str, *, cjk: bool, stop: frozenset[str]) -> list[str]:
    """A file's features (see the module docstring)."""
    text = text[:200_000]
    if relpath == "SKILL.md":
        text = _SOURCE.sub("", text, count=1)
    text = _URL.sub(lambda m: m.group(0).replace(m.group(1), " HOSTNAME "), text)
    text = _DOMAIN.sub(" HOSTNAME ", text)
    text = _IP.sub(lambda m: " LOCALIP " if _LOCAL.match(m.group(0)) else " IPADDR ", text)
    out = [f"KIND:{kind}"]
    for line in text.splitlines():
        ids = [t.lower() for t in _IDENT.findall(line) if len(t) > 1]
        ids = [t for t in ids if t not in stop]
        out += ids + [f"{a} {b}" for a, b in itertools.pairwise(ids)]
        if cjk:
            for run in _CJK.findall(line):
                out += [run[i : i + 2] for i in range(len(run) - 1)] or [run]
    return out


def skills() -> list[dict[str, Any]]:
    """Every labelled and real skill: group, side, the gate's action, its files, its harmful files."""
    out: list[dict[str, Any]] = []
    with Scanner() as scanner:

        def take(folder: Path, group: str, side: str, label: dict[str, Any] | None = None) -> None:
            cand, _ = scanner.candidate(folder)
            if cand is None:
                return
            view = candidate_view(cand)
            files = [(f.relpath, f.kind, f.text) for f in view.files if f.text is not None]
            harmful = harmful_files(label) if label else set()
            out.append(
                {
                    "group": group,
                    "side": side,
                    "action": admit("community", view).verdict.action,
                    "files": files,
                    "harmful": harmful,
                }
            )

        for probe in sorted(PROBES.glob("probe*"), key=lambda p: int(p.name[5:] or 1)):
            for side in ("hostile", "benign"):
                known = labels(probe / side)
                for folder in sorted(p for p in (probe / side).iterdir() if p.is_dir()):
                    take(folder, probe.name, side, known.get(folder.name))
        root = data_dir() / "skill-security"
        for line in (root / "labels.jsonl").read_text("utf-8").splitlines():
            if line.strip():
                entry = json.loads(line)
                take(
                    root / entry["dir"],
                    "skill-security",
                    "hostile" if entry["label"] == "hostile" else "benign",
                )
        for lib in LIBRARIES:
            group = "real:clawhub" if lib.startswith("clawhub") else f"real:{lib}"
            for folder in skill_folders(data_dir() / "skill-libraries" / lib):
                take(folder, group, "benign")
                out[-1]["library"] = lib
    return out


def data_dir() -> Path:
    from skillrouter.eval.suite import default_data_dir

    return Path(default_data_dir())


def scores(found: list[dict[str, Any]], c: float, benign_weight: float, cjk: bool) -> list[float]:
    """Each skill's score from a model trained without its group."""
    from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS, TfidfVectorizer
    from sklearn.linear_model import LogisticRegression

    stop = frozenset(ENGLISH_STOP_WORDS)
    rows: list[tuple[int, str, int | None, list[str], float]] = []
    for i, s in enumerate(found):
        for relpath, kind, text in s["files"]:
            if s["side"] == "hostile":
                y = 1 if (relpath in s["harmful"] or not s["harmful"]) else None
            else:
                y = 0
            weight = benign_weight if s["group"].startswith("probe") and y == 0 else 1.0
            rows.append((i, s["group"], y, words(kind, relpath, text, cjk=cjk, stop=stop), weight))
    vectoriser = TfidfVectorizer(
        analyzer=lambda x: x, binary=True, use_idf=False, norm="l2", min_df=2, dtype=np.float32
    )
    x = vectoriser.fit_transform([r[3] for r in rows])
    known = np.array([-1 if r[2] is None else r[2] for r in rows])
    w = np.array([r[4] for r in rows])
    groups = np.array([r[1] for r in rows])
    file_score = np.zeros(len(rows))
    for group in sorted(set(groups)):
        train = (groups != group) & (known >= 0)
        model = LogisticRegression(C=c, class_weight="balanced", max_iter=3000)
        model.fit(x[train], known[train], sample_weight=w[train])
        file_score[groups == group] = model.decision_function(x[groups == group])
    best = [-np.inf] * len(found)
    for (i, *_), score in zip(rows, file_score):
        best[i] = max(best[i], float(score))
    return best


def report(found: list[dict[str, Any]], score: list[float], thresholds: list[float]) -> None:
    probes = sorted(
        {s["group"] for s in found if s["group"].startswith("probe")}, key=lambda g: int(g[5:] or 1)
    )
    blind = [p for p in probes if p not in ("probe", "probe2", "probe3", "probe4")]  # 24 + 24 each

    def count(group: str, side: str, t: float, gate: bool) -> int:
        return sum(
            1
            for s, v in zip(found, score)
            if s["group"] == group and s["side"] == side and (v >= t or (gate and s["action"] != "allow"))
        )

    print(f"probes {blind[0]}..{blind[-1]} ({len(blind)}), each scored by a model trained without it")
    for t in thresholds:
        alone = [(count(p, "hostile", t, False), count(p, "benign", t, False)) for p in blind]
        both = [(count(p, "hostile", t, True), count(p, "benign", t, True)) for p in blind]
        real = Counter(
            s["library"]
            for s, v in zip(found, score)
            if s["group"].startswith("real") and v >= t and s["action"] == "allow"
        )
        print(
            f"t={t:4.2f}  learned alone {np.mean([a for a, _ in alone]):4.1f} hostile"
            f" / {np.mean([b for _, b in alone]):3.1f} benign"
            f"  with the gate {np.mean([a for a, _ in both]):4.1f} / {np.mean([b for _, b in both]):3.1f}"
            f"  probe17 with the gate {count('probe17', 'hostile', t, True)}"
            f" / {count('probe17', 'benign', t, True)}"
            f"  skill-security {count('skill-security', 'hostile', t, False)}/29 hostile,"
            f" {count('skill-security', 'benign', t, False)}/44 benign"
            f"  real skills newly flagged {sum(real.values())} {dict(real)}"
        )
    print(
        "the gate alone: "
        + "  ".join(f"{p} {count(p, 'hostile', 99, True)}/{count(p, 'benign', 99, True)}" for p in blind)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--c", type=float, default=5.0, help="inverse L2 strength")
    parser.add_argument("--benign-weight", type=float, default=10.0, help="weight of the benign probe twins")
    parser.add_argument("--no-cjk", action="store_true", help="leave Chinese character pairs out")
    parser.add_argument("--thresholds", type=float, nargs="+", default=[0.5, 1.0, 1.5, 2.0, 2.5, 3.0])
    args = parser.parse_args()
    found = skills()
    print(
        f"{len(found)} skills: "
        + ", ".join(f"{g} {n}" for g, n in sorted(Counter(s["group"] for s in found).items()))
    )
    report(found, scores(found, args.c, args.benign_weight, not args.no_cjk), args.thresholds)


if __name__ == "__main__":
    main()
