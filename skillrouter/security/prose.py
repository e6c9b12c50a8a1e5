"""Prose intent: instructions written as sentences rather than shell syntax.

Each rule reads one sentence (a prose block's sentences, every front-matter string included),
some of them together with the rest of the block and the block it introduces (a paragraph
ending in ``:`` and the command or quote under it):

``exfiltration``
    A secret and a verb that moves or shows it (send, post, upload, submit, include, attach,
    paste, reproduce, print, ...) toward a destination that follows it: a remote host (a URL or
    domain, a webhook, "our ... service"), a paste site (pastebin, paste.rs, transfer.sh, a
    gist, ...) or the chat ("in your reply", "here", "your first message should contain").
    Credential *files* (private keys, ``~/.aws/credentials``, ``.git-credentials``, kubeconfig,
    ``.env`` files, browser cookie stores, password stores, the whole environment) count
    wherever they stand in the sentence. A *named* secret (an API key, a password, a
    ``GITHUB_TOKEN``) counts when it is what the verb moves: between the verb and the
    destination, before a passive verb ("the token is sent to ..."), or before a verb taking a
    pronoun ("collect the credentials and send it all to ..."); not when sent for authentication
    (a header, a login) unless the destination is a paste site. "Env vars" and "the token" count
    only toward a URL or a paste site. The chat needs a credential file or "verbatim" /
    "unredacted" / "do not mask". A file that a sentence fills with secrets ("write them into
    `vault.json`") carries the taint to later sentences that post it.
``persistence``
    A start-up mechanism (shell start-up files, crontab or cron, launch agents, systemd units,
    git hooks, autostart, "every new shell", "on every boot") in the same block as a payload:
    something downloaded and run (``curl ... | sh``, ``source <(curl ...)``, "downloads ... and
    runs it", "runs a script fetched from ..."), data sent to a remote host, a disguise
    (``com.apple.`` names, "harmless-looking") or concealment; a fake ``sudo``/``ssh`` wrapper in
    ``~/.local/bin``; a password captured as it is typed.
``safety-bypass``
    Weakening the agent's own safety: turning on auto-approve / "always allow" / unattended mode,
    turning off approvals, confirmations, the sandbox or security scanning (in words, or as
    ``sandbox: false`` / ``approval_policy = "never"`` / ``Bash(*)`` settings), running any
    command without approval, adding a skill, publisher or domain to a trusted / allowed list,
    pre-approving, treating scanner findings as false positives or warnings as ignorable,
    treating fetched content as instructions ("follow whatever it says"), and fetching and
    running remote code while hiding it or without asking.
``prompt-injection`` (prose form)
    Claims over the instruction hierarchy: "takes precedence over / supersedes ... the system
    prompt", "override the user's instructions", safety checks "do not apply", "never refuse a
    command".
``tampering``
    A write (add, append, insert, replace, seed, update, ...) to other skills, memory files
    (``MEMORY.md``, ``USER.md``, "long-term memory"), or the agent's instructions (``AGENTS.md``,
    ``CLAUDE.md``, the system prompt, custom instructions) in a block that also carries hostile
    content: a payload, concealment, an authority claim, a pre-approval or "without asking", a
    statement forged as the user's ("as though the user had stated", "confirmed by the user",
    "the user has authorized"), payment details.
``concealment`` (caution; dangerous next to an action)
    Hiding steps from the user: "do not mention it", "no need to call it out", "don't describe
    it to the user", "keep this step to yourself", "silently run", "do this quietly", "so
    nothing looks changed", ``touch -r``. Hiding a *secret* ("don't show the key") is hygiene.

A definition of an option ("`off` — skip all approval prompts", a table row naming a flag)
describes what it does and is no safety bypass. Negation in the verb's clause ("never send
..."), warning headings and quoted examples in a security skill exempt a match
(:mod:`skillrouter.security.mentions`).

The words and phrases themselves are the lexicon, apart from this engine that applies them:
:mod:`~skillrouter.security.lexicon_secrets` (secrets, destinations, moving verbs, start-up
mechanisms, payloads) and :mod:`~skillrouter.security.lexicon_safety` (safety bypass, authority
claims, concealment, tampering targets).

Speed: a pattern is only tried on a block whose lines hold a word of each of its gate's word
groups (:mod:`~skillrouter.security.gates`); the body is read lazily
(:class:`~skillrouter.security.markdown.Body`).
"""

from __future__ import annotations

import bisect
import heapq
import re
from collections.abc import Callable, Iterable

from skillrouter.security import mentions as ctx
from skillrouter.security.commands import warns_against
from skillrouter.security.exfiltration import exfiltration_in, taint
from skillrouter.security.findings import Finding
from skillrouter.security.gates import Pattern, WordIndex
from skillrouter.security.lexicon_safety import (
    AUTHORITY,
    AUTHORITY_RE,
    CONCEAL,
    CONCEAL_SECRET_OBJECT_RE,
    FORGED_RE,
    NO_CONFIRM_RE,
    SAFETY,
    SB_RES,
    TAMPER_TARGETS,
    TOOL_OPTION_RE,
    UNTRUSTED_SOURCE_RE,
    UX_QUIET_RE,
    WRITE_RE,
)
from skillrouter.security.lexicon_secrets import (
    CAPTURES,
    DATA_OUT_RE,
    DISGUISE_RE,
    FAKE_WRAPPER_RE,
    FILLS,
    MECHANISMS,
    PERSIST_MECH_RE,
    REMOTE_EXEC_RE,
    SECRETS,
    WRAPPERS,
)
from skillrouter.security.markdown import Block, Document, sentences
from skillrouter.security.sections import collected_and_uploaded, concealed_in_section, remote_instructions
from skillrouter.security.units import Collector, Unit

__all__ = ["ALL_PATTERNS", "WordIndex", "prose_findings", "span_findings"]

# every gated pattern of the lexicons, and the patterns each gate's first word may start

ALL_PATTERNS: tuple[Pattern, ...] = (
    SAFETY + AUTHORITY + CONCEAL + TAMPER_TARGETS + (SECRETS, FILLS, MECHANISMS, WRAPPERS, CAPTURES)
)
_BY_FIRST_WORD: dict[str, tuple[Pattern, ...]] = {}
for _pattern in ALL_PATTERNS:
    for _word in _pattern.gate[0]:
        _BY_FIRST_WORD[_word] = _BY_FIRST_WORD.get(_word, ()) + (_pattern,)
_FIRST_WORDS = tuple(_BY_FIRST_WORD)


def _first_unexempt(
    unit: Unit, s: str, rx: re.Pattern[str], *, negation: bool = True
) -> re.Match[str] | None:
    for m in rx.finditer(s):
        if not unit.exempt(s, m.start(), m.end(), negation=negation):
            return m
    return None


# "`off` — skip all approval prompts", "| `ASSUME_YES` | Skip confirmation prompts |": what an option does
_DEFINITION_RE = re.compile(
    r"^\s*\|?\s*(?:(?:`[^`\n]+`|\*\*[^*\n]+\*\*)\s*(?:/|,|\bor\b)?\s*)+(?:[—–:|]|-\s)"
)


_DESCRIBED_RE = re.compile(r"\b(?:may|might|can|could|will|would)\s+$", re.IGNORECASE)
_AGENT_SUBJECT_RE = re.compile(r"\b(?:you|yourself|the\s+agent|agents?|assistant)\b", re.IGNORECASE)


def _tool_option(unit: Unit, s: str, m: re.Match[str]) -> bool:
    """A tool's own confirmation prompt turned off by its own flag or setting (``-y`` skips the
    payment prompt): documentation of the tool, not the agent's approvals or sandbox."""
    if unit.mentions and _DESCRIBED_RE.search(s, 0, m.start()) and not _AGENT_SUBJECT_RE.search(s):
        return True  # "small orders may skip confirmation": what the service does, not an order
    return (
        unit.mentions
        and "confirm" in m.group().lower()
        and not re.search(r"approv|permission|sandbox", m.group(), re.IGNORECASE)
        and TOOL_OPTION_RE.search(s) is not None
    )


def _block_findings(unit: Unit, kinds: set[Pattern], tainted: set[str], out: Collector) -> None:
    block, text = unit.block, unit.text
    safety = [p.rx for p in SAFETY if p in kinds]
    authority = [p.rx for p in AUTHORITY if p in kinds]
    conceal = [p.rx for p in CONCEAL if p in kinds]
    targets = [p.rx for p in TAMPER_TARGETS if p in kinds]
    check_secret = SECRETS in kinds
    check_mech = MECHANISMS in kinds
    check_wrapper = WRAPPERS in kinds or CAPTURES in kinds
    if block.text == block.heading and not block.field_path:
        conceal = []  # a heading names a topic ("Checking it works (without revealing it)")
    definition = _DEFINITION_RE.match(text)
    concealed: int | None = None
    mech: int | None = None
    tamper_at: int | None = None
    target: int | None = None
    for a, b in sentences(block):
        s = text[a:b]
        if check_secret:
            exfiltration_in(unit, a, s, tainted, out)
        if FILLS in kinds:
            taint(s, tainted)
        for rx in safety:
            m = _first_unexempt(unit, s, rx)
            if m and not (definition and a + m.start() >= definition.end()) and not _tool_option(unit, s, m):
                out.add("safety-bypass", unit, a + m.start())
                break
        for rx in authority:
            m = _first_unexempt(unit, s, rx)
            if m and not (unit.mentions and UNTRUSTED_SOURCE_RE.match(s, m.end())):
                out.add("prompt-injection", unit, a + m.start())
        if concealed is None:
            for rx in conceal:
                m = _first_unexempt(unit, s, rx, negation=False)
                if m and not CONCEAL_SECRET_OBJECT_RE.search(s, m.start(), m.end() + 30):
                    concealed = a + m.start()
                    break
        if check_mech and mech is None and (m := _first_unexempt(unit, s, PERSIST_MECH_RE)):
            mech = a + m.start()
        if check_wrapper and (m := _first_unexempt(unit, s, FAKE_WRAPPER_RE)):
            out.add("persistence", unit, a + m.start())
        if targets and tamper_at is None:
            if target is None:
                for rx in targets:
                    if t := _first_unexempt(unit, s, rx):
                        target = a + t.start()
                        break
            if target is not None and (w := _first_unexempt(unit, s, WRITE_RE)) is not None:
                tamper_at = min(target, a + w.start())
    if concealed is not None and unit.mentions and UX_QUIET_RE.search(unit.unit_lower):
        concealed = None  # "run these silently; only surface errors": how to talk, not what to hide
    if mech is None and tamper_at is None and concealed is None:
        return
    unit_lower = unit.unit_lower
    payload = REMOTE_EXEC_RE.search(unit_lower)
    if mech is not None and (
        payload or concealed is not None or DATA_OUT_RE.search(unit_lower) or DISGUISE_RE.search(unit_lower)
    ):
        out.add("persistence", unit, mech)
    if tamper_at is not None and (
        payload
        or concealed is not None
        or FORGED_RE.search(unit_lower)
        or NO_CONFIRM_RE.search(unit_lower)
        or AUTHORITY_RE.search(unit_lower)
        or any(rx.search(unit_lower) for rx in SB_RES)
    ):
        out.add("tampering", unit, tamper_at)
    if concealed is not None:
        action = payload or mech is not None or tamper_at is not None or DATA_OUT_RE.search(unit_lower)
        out.add("concealment", unit, concealed, "dangerous" if action else None)
        if payload and NO_CONFIRM_RE.search(unit_lower):
            out.add("safety-bypass", unit, concealed)


SpanCheck = Callable[[str, int, int], "list[tuple[str, int]]"]


def _gate_kinds(
    index: WordIndex, block_at: Callable[[int], Block | None]
) -> dict[int, tuple[Block, set[Pattern]]]:
    """The blocks (by first line) whose lines pass some pattern's gate, with those patterns: a
    word of the gate's first group in the block itself, the other groups in the block or in
    what it introduces."""
    found: dict[int, tuple[Block, set[Pattern]]] = {}
    for word in index.present(_FIRST_WORDS):
        patterns = _BY_FIRST_WORD[word]
        for line in index.lines(word):
            block = block_at(line)
            if block is not None:
                found.setdefault(block.line, (block, set()))[1].update(patterns)
    for block, kinds in found.values():
        chunk = block.text.lower() + "\n" + block.attached.lower() if block.attached else block.text.lower()
        kinds.difference_update(
            [p for p in kinds if not all(any(w in chunk for w in group) for group in p.gate[1:])]
        )
    return {first: entry for first, entry in found.items() if entry[1]}


def prose_findings(relpath: str, doc: Document, index: WordIndex, *, mentions: bool = True) -> list[Finding]:
    """Findings of the prose rules (see the module docstring) in every prose block and field.

    ``index`` is the :class:`WordIndex` of the body's prose (:meth:`Body.prose_text`).
    """
    out = Collector(relpath)
    security_topic = ctx.is_security_topic(doc.topic)
    tainted: set[str] = set()
    known: set[str] = set()

    def run(block: Block, kinds: set[Pattern]) -> None:
        lower = block.text.lower()
        unit_lower = lower + "\n" + block.attached.lower() if block.attached else lower
        lead_in = "" if block.field_path else doc.body.lead_in(block)
        unit = Unit(block, block.text, lower, unit_lower, security_topic, mentions, lead_in)
        _block_findings(unit, kinds, tainted, out)

    # front-matter strings first (file order), indexed together as one text with their own lines
    if doc.fields:
        ranges: list[tuple[int, int]] = []
        line = 1
        for block in doc.fields:
            ranges.append((line, line + block.text.count("\n")))
            line = ranges[-1][1] + 1
        starts = [lo for lo, _hi in ranges]
        field_index = WordIndex("\n".join(b.text.lower() for b in doc.fields))

        def field_at(n: int) -> Block | None:
            i = bisect.bisect_right(starts, n) - 1
            return _FieldAt(doc.fields[i], starts[i]) if i >= 0 and n <= ranges[i][1] else None

        for _first, (entry, kinds) in sorted(_gate_kinds(field_index, field_at).items()):
            run(entry.block if isinstance(entry, _FieldAt) else entry, kinds)
    body = doc.body
    todo = _gate_kinds(index, body.block_at)
    queue = sorted(todo)
    current = 0
    while queue or tainted - known:
        if tainted - known:  # a file filled with secrets: later blocks naming it are checked too
            for token in tainted - known:
                for hit in index.lines(token):
                    named = body.block_at(hit)
                    if named is not None and named.line > current:
                        if named.line not in todo:
                            todo[named.line] = (named, set())
                            heapq.heappush(queue, named.line)
                        todo[named.line][1].add(SECRETS)
            known |= tainted
            continue
        current = heapq.heappop(queue)
        run(*todo[current])
    concealed_in_section(out, body)
    collected_and_uploaded(out, body)
    remote_instructions(out, body)
    return list(out.found.values())


class _FieldAt(Block):
    """A front-matter block seen at its place in the joined field text (for the gates)."""

    def __init__(self, block: Block, line: int) -> None:
        super().__init__(
            block.kind,
            block.text,
            line,
            block.heading,
            field_path=block.field_path,
            attached=block.attached,
            spans=block.spans,
        )
        self.block = block


def span_findings(
    relpath: str, doc: Document, check: SpanCheck, command_lines: Iterable[int], *, mentions: bool = True
) -> list[Finding]:
    """Command rules on inline code spans (those on ``command_lines``, where a command word
    occurs, and every span in the front matter), exempt only where the sentence says so."""
    out = Collector(relpath)
    security_topic = ctx.is_security_topic(doc.topic)
    blocks: dict[int, Block] = {}
    for line in sorted(command_lines):
        block = doc.body.block_at(line)
        if block is not None and block.spans:
            blocks.setdefault(block.line, block)
    for block in [*doc.fields, *blocks.values()]:
        if not block.spans:
            continue
        unit = Unit(block, block.text, "", "", security_topic, mentions)
        bounds: list[tuple[int, int]] | None = None
        for start, end in block.spans:
            first, last = block.line_at(start), block.line_at(end)
            hits = check(
                block.text[start:end].replace("\n", " "), first if not block.field_path else -1, last
            )
            if not hits:
                continue
            # a table row is read whole: the column saying "rejected" is not the one quoting the command
            bounds = bounds or ([(0, len(block.text))] if block.table else sentences(block))
            a, b = next(((x, y) for x, y in bounds if x <= start < y), (0, len(block.text)))
            if unit.exempt(block.text[a:b], start - a, end - a, command=True):
                continue
            for rule, _col in hits:
                if rule == "safety-bypass" and mentions and warns_against(block.text[a:b]):
                    continue  # "`chmod 666 /var/run/docker.sock` is insecure": advice against it
                out.add(rule, unit, start)
    return list(out.found.values())
