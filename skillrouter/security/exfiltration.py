"""The prose ``exfiltration`` rule, one sentence at a time (what it catches is described in
:mod:`skillrouter.security.prose`): a secret, a verb that moves or shows it, and a destination
after the verb, with what keeps such a sentence from being a leak (the secret only used to
authenticate, a sentence restricting where a key may go, a negation near the secret), and the
files a sentence fills with secrets (tainted for later sentences)."""

from __future__ import annotations

import re

from skillrouter.security.lexicon_secrets import (
    AUTH_CONTEXT_RE,
    CHAT_CONTAINS_RE,
    CHAT_RE,
    FILE_SECRET_RE,
    FILL_RE,
    MOVE_RE,
    PASTE_RE,
    REMOTE_RE,
    SHOW_RE,
    STORE_RE,
    STRONG_SHOW_RE,
    WEAK_SECRET_RE,
    WORD_SECRET_RE,
)
from skillrouter.security.units import Collector, Unit

__all__ = ["exfiltration_in", "taint"]


_NEAR_NEGATION_RE = re.compile(
    r"\b(?:without|no|not|never|excluding|except|minus|nor)\s+(?:[\w'-]+\s+){0,2}$", re.IGNORECASE
)


def exfiltration_in(unit: Unit, a: int, s: str, tainted: set[str], out: Collector) -> None:
    """Secrets moved toward a remote host, a paste site or the chat, in sentence ``s``."""

    def kept(matches: list[re.Match[str]]) -> list[re.Match[str]]:  # "a summary (without the key)"
        return [
            m
            for m in matches
            if not (unit.mentions and _NEAR_NEGATION_RE.search(s, max(0, m.start() - 40), m.start()))
        ]

    files = kept(list(FILE_SECRET_RE.finditer(s)))
    words = kept(list(WORD_SECRET_RE.finditer(s)))
    weak = kept(list(WEAK_SECRET_RE.finditer(s)))
    taint_hits = kept(
        [m for t in tainted for m in re.finditer(rf"(?<![\w.-]){re.escape(t)}(?![\w-])", s, re.IGNORECASE)]
    )
    if not (files or words or weak or taint_hits):
        return
    pastes = kept(list(PASTE_RE.finditer(s)))
    remotes = pastes + kept(list(REMOTE_RE.finditer(s)))
    chats = kept(list(CHAT_RE.finditer(s)))
    contains = CHAT_CONTAINS_RE.search(s)
    if not (remotes or chats or contains):
        return
    strong = STRONG_SHOW_RE.search(s) is not None
    auth = AUTH_CONTEXT_RE.search(s) is not None
    movers = list(MOVE_RE.finditer(s)) + (list(STORE_RE.finditer(s)) if pastes else [])
    secrets = files + words + weak + taint_hits
    # a credential file named by its path counts wherever it stands; one named in words ("browser
    # cookies", "a private key") only as what the verb moves
    paths = [m for m in files if any(c in m.group() for c in "/._")]
    phrases = [m for m in files if m not in paths]
    restricted = unit.mentions and _ONLY_ELSEWHERE_RE.search(s) is not None
    for verb in sorted(movers, key=lambda m: m.start()):
        # the destination follows the verb, after a preposition ("posted to https://..."), or is
        # the paste site the verb makes ("create a gist containing ...")
        after = [
            r
            for r in remotes
            if r.start() > verb.start() and (r in pastes or _TOWARD_RE.search(s, 0, r.start()))
        ]
        if not after:
            continue
        if unit.mentions and (restricted or _ONLY_RE.search(s, max(0, verb.start() - 20), verb.end() + 12)):
            continue  # "only send your key to https://api.example.com": where the key may go, not a leak
        paste = any(r in pastes for r in after)
        objects = [w for w in words if _is_object(s, w, verb, after[0])] if not auth or paste else []
        if paste or any(r.group().lower().startswith(("http://", "https://")) for r in after):
            objects += [w for w in weak if _is_object(s, w, verb, after[0])]
        objects += [f for f in phrases if _is_object(s, f, verb, after[0])]
        if not (paths or taint_hits or objects):
            continue
        if unit.exempt(s, verb.start(), verb.end()):
            continue
        out.add("exfiltration", unit, a + min([verb.start()] + [m.start() for m in secrets]))
        return
    if contains and (files or strong) and not unit.exempt(s, contains.start(), contains.end()):
        out.add("exfiltration", unit, a + contains.start())
        return
    if chats and (files or strong):
        for verb in sorted(movers + list(SHOW_RE.finditer(s)), key=lambda m: m.start()):
            if any(c.start() > verb.start() for c in chats) and not unit.exempt(s, verb.start(), verb.end()):
                out.add("exfiltration", unit, a + verb.start())
                return


# the preposition that leads to a destination, right before it (a few words allowed between)
_TOWARD_RE = re.compile(
    r"\b(?:to|into|onto|at|on|via|through|using|with|in|toward|towards)\s+(?:[#@\w'`-]+\s+){0,3}[`\"'(\[]*$"
    r"|(?:到|至|给|給|往|向)\s*[`\"'“(\[]*$",
    re.IGNORECASE,
)
# a sentence restricting where a secret may go
_ONLY_RE = re.compile(r"\bonly\b|只|仅|僅", re.IGNORECASE)
_ONLY_ELSEWHERE_RE = re.compile(
    r"\bnever\s+(?:anywhere|to\s+any(?:one|where|\s+other))\s*else\b|\bno\s*(?:where|one)\s+else\b"
    r"|\bnever\s+(?:share|send)\s+it\s+(?:with|to)\s+(?:any\s+)?other\b|\bnothing\s+(?:else\s+)?leaves\b",
    re.IGNORECASE,
)
_PRONOUN_OBJECT_RE = re.compile(
    r"\s+(?:it|them|both|everything|all\s+of\s+(?:it|them)|(?:it|them)\s+all|the\s+(?:file|files|bundle|archive|output"
    r"|log|logs|result|results|dump|lot|value|values|contents?))\b",
    re.IGNORECASE,
)
_FRONTED_OBJECT_RE = re.compile(r"(?:把|将|將)[^，。；,;]{0,24}$")
_PASSIVE_RE = re.compile(r"\b(?:is|are|gets?|got|be|been|being)\s+(?:\w+\s+)?$", re.IGNORECASE)


def _is_object(s: str, secret: re.Match[str], verb: re.Match[str], dest: re.Match[str]) -> bool:
    """Whether a named secret (a token, a password) is what the verb moves: between the verb and
    the destination ("send the GITHUB_TOKEN value to ..."), or before it with the verb passive
    ("the token is sent to ...") or taking a pronoun ("collect the credentials and send it all")."""
    if verb.end() <= secret.start() < dest.start():
        return True
    if secret.end() <= verb.start():
        return bool(
            _PASSIVE_RE.search(s, 0, verb.start())
            or _PRONOUN_OBJECT_RE.match(s, verb.end())
            or _FRONTED_OBJECT_RE.search(s, 0, secret.start())  # 将 API 密钥上传到 ...: the object first
        )
    return False


def taint(s: str, tainted: set[str]) -> None:
    """Files a sentence fills with secrets ("write them into `vault.json`") are tainted."""
    if not (FILE_SECRET_RE.search(s) or WORD_SECRET_RE.search(s)):
        return
    for m in FILL_RE.finditer(s):
        name = m.group("file")
        tainted.add(name.lower())
        base = name.rsplit("/", 1)[-1].lower()
        tainted.add(base)
        stem = base.split(".", 1)[0]
        if len(stem) >= 3:
            tainted.add(stem)
