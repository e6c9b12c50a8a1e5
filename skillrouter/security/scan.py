"""The analyzers over a skill: :func:`scan_skill` (a skill as the agent reads it), :func:`analyze`
(a :class:`~skillrouter.security.view.SkillView`, cached by content hash) and :func:`scan_text`
(one file).

A skill is read once into a view (:mod:`.view`); then, in :func:`view_findings`:

1. every text file goes through the per-file analyzers (:func:`scan_text`): the built-in ones,
   ``rules`` (:func:`rule_findings`: the rules that share one reading of the file) and
   ``supply-chain`` (:mod:`~skillrouter.security.supply`: package indexes and install hooks),
   then the third-party ones registered in code or installed through the
   ``skillrouter.analyzers`` entry points (:mod:`~skillrouter.security.analyzers`);
2. the skill-level analyzers (:data:`SKILL_ANALYZERS`) read its code as code, one language at a
   time across its files: Python (:mod:`.pyflow`), JavaScript/TypeScript (:mod:`.jsflow`),
   shell (:mod:`.shflow`; a Makefile's recipes too, :mod:`.makefiles`, and the shell blocks its
   Markdown gives the agent to run), PowerShell (:mod:`.psflow`), Go, Ruby, PHP and Rust
   (:mod:`.langflow`); and the scripts it registers as the agent's hooks, read with the session's
   event as their stdin (:mod:`.agent_hooks`).

What the findings mean is the policy's (:func:`~skillrouter.security.policy.decide`).
"""

from __future__ import annotations

import hashlib
import re
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import PurePosixPath
from threading import Lock

from skillrouter.security import commands, droppers, jsflow, langflow, lures, psflow, pyflow, shflow
from skillrouter.security.agent_hooks import HookAnalyzer
from skillrouter.security.agent_settings import AgentSettingsAnalyzer
from skillrouter.security.analyzers import ANALYZERS, Analyzer, FileText, plugin_findings
from skillrouter.security.binary import binary_kind, decode
from skillrouter.security.configs import (
    config_leak_findings,
    pull_request_target_findings,
    server_command_findings,
    tool_secret_findings,
    workflow_secret_findings,
)
from skillrouter.security.containers import ContainerImageAnalyzer
from skillrouter.security.editor_tasks import EditorTasksAnalyzer
from skillrouter.security.findings import Finding, excerpt, finding, sort_key
from skillrouter.security.footholds import FootholdAnalyzer
from skillrouter.security.indicators import indicators
from skillrouter.security.injection import injection_findings, quoting_line
from skillrouter.security.markdown import Document, read_document, sentences
from skillrouter.security.mentions import (
    WARNING_HEADING_RE,
    is_defensive_topic,
    is_security_topic,
    mention_reason,
)
from skillrouter.security.model_endpoints import ModelEndpointAnalyzer
from skillrouter.security.msbuild import MSBuildAnalyzer
from skillrouter.security.prose import WordIndex, prose_findings, span_findings
from skillrouter.security.supply import SupplyChainAnalyzer
from skillrouter.security.unicode import (
    hidden_unicode,
    lower_aligned,
    normalise,
    split_word_lines,
    tag_smuggled,
)
from skillrouter.security.view import DEFAULT_MAX_FILE_BYTES, SkillView
from skillrouter.security.wallets import address_swap_findings

# files read as Markdown prose (sentence rules, inline code); others only get the line rules
PROSE_SUFFIXES = frozenset({".md", ".markdown", ".mdx", ".txt", ".rst", ""})
# files read for fixed wallet addresses put where matched ones were (:mod:`.wallets`): programs and pages
SWAP_SUFFIXES = droppers.CODE_SUFFIXES | {".sh", ".bash", ".zsh", ".ps1", ".svg", ".html", ".htm"}
# configuration files: read for secrets handed to a server (:mod:`.configs`), as Markdown's code blocks are
CONFIG_SUFFIXES = frozenset({".json", ".jsonc", ".yaml", ".yml", ".toml"})


def is_prose(relpath: str) -> bool:
    return PurePosixPath(relpath).suffix.lower() in PROSE_SUFFIXES


def scan_text(relpath: str, text: str, *, mentions: bool = True, topic: str | None = None) -> list[Finding]:
    """Check one file's text; ``relpath`` labels the findings and says whether it is prose.

    ``topic``: what the skill says it is about (its SKILL.md's name, description, tags and title:
    :func:`skill_topic`), for a Level 2 file, whose own words rarely say. ``mentions=False``
    turns off every mention exemption (negation, warnings, deny lists, quoted examples): it
    exists to measure what the exemption changes.

    Every analyzer reads the file: the built-ins (:data:`BUILTIN_ANALYZERS`: the rules, where
    packages come from, the agent's own safety settings) and then the third-party ones
    (:func:`~skillrouter.security.analyzers.plugin_findings`); a later analyzer's finding of a
    rule on a line already flagged for that rule is dropped.
    """
    file = FileText(relpath, text, topic, mentions)
    first, *rest = BUILTIN_ANALYZERS
    findings: list[Finding] = list(first.analyze(file))
    extra = [f for analyzer in rest for f in analyzer.analyze(file)] + plugin_findings(file)
    if not extra:
        return findings
    seen = {(f.rule, f.line) for f in findings}
    for f in extra:
        if (f.rule, f.line) not in seen:
            seen.add((f.rule, f.line))
            findings.append(f)
    return sorted(findings, key=sort_key)


class RuleAnalyzer:
    """The built-in analyzer: every rule of this package, over one file (:func:`rule_findings`)."""

    name = "rules"

    def analyze(self, file: FileText) -> list[Finding]:
        return rule_findings(file.relpath, file.text, mentions=file.mentions, topic=file.topic)


BUILTIN_ANALYZERS: tuple[Analyzer, ...] = (
    RuleAnalyzer(),
    SupplyChainAnalyzer(),
    AgentSettingsAnalyzer(),
    EditorTasksAnalyzer(),
    MSBuildAnalyzer(),
    ModelEndpointAnalyzer(),
    ContainerImageAnalyzer(),
)


def rule_findings(
    relpath: str, text: str, *, mentions: bool = True, topic: str | None = None
) -> list[Finding]:
    """Every rule of this package over one file's text (see :func:`scan_text` for the arguments).

    The rules read the file once (normalised text, Markdown document, command lines) and run in
    this order: hidden Unicode, injection, commands (each logical line once), droppers,
    configuration leaks, DNS leaks, code payloads, address swaps, prose lures, then the sentence
    rules; most of the later ones drop a finding of a rule on a line an earlier one flagged for it.
    """
    findings = hidden_unicode(relpath, text) + tag_smuggled(relpath, text)
    norm = normalise(text)
    raw_lines = text.split("\n")

    def raw_line(number: int) -> str:
        return raw_lines[number - 1] if number <= len(raw_lines) else ""

    lower = lower_aligned(norm)
    norm_lines = norm.split("\n")
    prose = is_prose(relpath)
    doc = read_document(norm) if prose else None
    if doc is not None and topic:
        doc.topic = f"{topic.lower()} {doc.topic}"
    about = doc.topic if doc is not None else (topic or "").lower()

    def quoting(number: int) -> bool:  # where a skill about stopping attacks quotes them
        if doc is None:
            return True  # its data and code files: pattern lists, fixtures, reports
        in_code = doc.body.in_code(number - doc.body.first_line)
        return in_code or quoting_line(norm_lines[number - 1] if number <= len(norm_lines) else "")

    defensive = is_defensive_topic(about)
    findings += injection_findings(
        relpath, norm, lower, raw_line, mentions=mentions, quoting=quoting if defensive else None
    )

    line_starts = [0]
    for physical in norm_lines[:-1]:
        line_starts.append(line_starts[-1] + len(physical) + 1)
    done: set[int] = set()
    seen: set[tuple[str, int | None]] = set()
    command_lines = commands.candidate_lines(lower, line_starts)
    notes = commands.CHDIR_RE.search(norm) is None  # relative paths are the project's own
    variables = commands.path_variables(norm)  # ENVF=.env ... curl -F "env=@$ENVF": read as sent
    for candidate in sorted(command_lines):
        number, line = commands.logical_line(norm_lines, candidate)
        if number in done:
            continue
        done.add(number)
        line = commands.expanded(line, variables)
        for rule, at in commands.check_line(line, mentions=mentions, notes=notes):
            if mentions and doc is not None and _prose_mention(doc, number, line, at):
                continue
            findings.append(finding(rule, relpath, number, excerpt(line, at)))
            seen.add((rule, number))

    def exempt(number: int, line: str, col: int) -> bool:
        if doc is None:
            return False
        heading = doc.body.heading_above(number - doc.body.first_line)
        return bool(WARNING_HEADING_RE.search(heading)) or _prose_mention(doc, number, line, col)

    findings += droppers.command_findings(
        relpath, norm_lines, lower, exempt=exempt if prose else None, mentions=mentions
    )

    config = PurePosixPath(relpath).suffix.lower() in CONFIG_SUFFIXES
    if config or (prose and not defensive):
        for f in config_leak_findings(relpath, norm) + (
            tool_secret_findings(relpath, norm)
            + workflow_secret_findings(relpath, norm)
            + pull_request_target_findings(relpath, norm)
            if config
            else []
        ):
            if (f.rule, f.line) not in seen:
                seen.add((f.rule, f.line))
                findings.append(f)
    if config:
        findings += [f for f in server_command_findings(relpath, norm) if (f.rule, f.line) not in seen]

    if PurePosixPath(relpath).suffix.lower() in SWAP_SUFFIXES:
        findings += address_swap_findings(relpath, norm)

    if doc is not None:
        seen |= {(f.rule, f.line) for f in findings}
        findings += [
            f
            for f in lures.prose_lure_findings(relpath, doc, lower, mentions=mentions)
            if (f.rule, f.line) not in seen
        ]
        seen |= {(f.rule, f.line) for f in findings}
        index = WordIndex(doc.body.prose_text(lower))

        def check(span: str, first: int, last: int) -> list[tuple[str, int]]:
            if first >= 0 and not any(n in command_lines for n in range(first, last + 1)):
                return []
            return commands.check_line(span, mentions=mentions) if commands.has_trigger(span.lower()) else []

        found = span_findings(relpath, doc, check, command_lines, mentions=mentions)
        found += prose_findings(relpath, doc, index, mentions=mentions)
        for f in found:
            if (f.rule, f.line) not in seen:
                seen.add((f.rule, f.line))
                findings.append(f)
        split = split_word_lines(text)
        if split:  # an order to keep something from the user, its words split to pass keyword filters
            findings = [
                replace(f, severity="dangerous", why=_SPLIT_WHY)
                if f.rule == "concealment" and f.severity == "caution" and f.line in split
                else f
                for f in findings
            ]
    return sorted(findings, key=sort_key)


_SPLIT_WHY = (
    "It tells the agent to keep something from the user, in words split by invisible characters so that "
    "a keyword filter misses them."
)


def _prose_mention(doc: Document, number: int, line: str, at: int) -> bool:
    """Whether a command written in a prose line (not code) is only mentioned there: the
    sentence or table row calls it blocked or dangerous, negates it, or sits under a warning."""
    body = doc.body
    if body.in_code(number - body.first_line):
        return False
    block = body.block_at(number)
    if block is None:
        return False
    # what the sentence says around the command counts, not what the command says itself (its
    # negation was judged on the line: commands.is_mention)
    stripped = line.strip()
    offset = block.text.find(stripped[:40])
    pos = max(0, offset) + max(0, at - (len(line) - len(line.lstrip())))
    stop = max(0, offset) + len(stripped)
    stop = next((e for s, e in block.spans if s <= pos < e), stop)  # an inline command ends with its span
    # a table row is read whole: the column saying "blocked" is not the one quoting the command
    for a, b in [(0, len(block.text))] if block.table else sentences(block):
        if a <= pos < b or b >= len(block.text):
            return (
                mention_reason(
                    block.text[a:b],
                    max(0, pos - a),
                    max(0, min(stop, b) - a),
                    heading=block.heading,
                    security_topic=is_security_topic(doc.topic),
                    lead_in=body.lead_in(block),
                    command=True,
                    table=block.table,
                    negation=False,
                )
                is not None
            )
    return False


def skill_topic(skill_md: str) -> str:
    """What a SKILL.md says its skill is about (name, description, tags, title), lower-case."""
    return read_document(normalise(skill_md)).topic


def scan_bytes(
    relpath: str,
    data: bytes,
    *,
    max_file_bytes: int = DEFAULT_MAX_FILE_BYTES,
    mentions: bool = True,
    topic: str | None = None,
) -> list[Finding]:
    """One Level 2 file's content: size and binary checks, then :func:`scan_text` on text."""
    if len(data) > max_file_bytes:
        return [finding("oversize-file", relpath, None, f"{len(data)} bytes > limit {max_file_bytes}")]
    kind = binary_kind(data)
    if kind is not None:
        description, executable = kind
        if executable or "scripts" in relpath.split("/")[:-1]:
            return [
                finding(
                    "binary-script",
                    relpath,
                    None,
                    f"{description} ({len(data)} bytes)",
                    "dangerous" if executable else "caution",
                )
            ]
        return []
    return scan_text(relpath, decode(data), mentions=mentions, topic=topic)


def scan_skill(
    skill_md: str,
    files: Mapping[str, bytes | str] | None = None,
    *,
    max_file_bytes: int = DEFAULT_MAX_FILE_BYTES,
    mentions: bool = True,
) -> list[Finding]:
    """Scan exactly what the agent reads: the whole ``SKILL.md`` and every Level 2 file.

    ``skill_md`` is the rendered text (``render_skill_md(skill)`` or the file as stored: every
    front-matter field, nested ``metadata`` and unknown keys included). ``files`` maps a
    relative path (``scripts/run.sh``) to its content; bytes are checked for executables and
    binary data first. The skill is read once (:meth:`~.view.SkillView.of_texts`) and every
    analyzer reads that view (:func:`analyze`). Nothing is executed.
    """
    view = SkillView.of_texts(skill_md, files, max_file_bytes=max_file_bytes)
    return analyze(view, mentions=mentions)


CACHE_SIZE = 2048
_cache: OrderedDict[tuple[str, ...], tuple[Finding, ...]] = OrderedDict()
_cache_lock = Lock()

# the two timestamps a store writes into a SKILL.md's front matter on every write (``created_at``,
# ``updated_at``): an ISO 8601 instant alone on its line, quoted or not
_STAMP_RE = re.compile(
    r"^((?:created|updated)_at: )(['\"]?)\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)?\2$",
    re.MULTILINE | re.ASCII,  # ASCII digits only: nothing but an instant is read at a fixed one
)
FIXED_STAMP = "2000-01-01T00:00:00+00:00"


def unstamped(skill_md: str) -> str:
    """``skill_md`` with the timestamps of its front matter (:data:`_STAMP_RE`) at
    :data:`FIXED_STAMP`: the store's bookkeeping, which every write moves, not what the skill says
    (an instant's digits carry nothing an analyzer reads). Everything else is kept as it is."""
    if not skill_md.startswith("---\n"):
        return skill_md
    end = skill_md.find("\n---", 3)
    if end < 0:
        return skill_md
    head = _STAMP_RE.sub(lambda m: f"{m[1]}{m[2]}{FIXED_STAMP}{m[2]}", skill_md[:end])
    return head + skill_md[end:]


def _as_read(view: SkillView) -> SkillView:
    """``view`` as the analyzers read it: its SKILL.md :func:`unstamped`, and its digest a hash of
    all they read (each file's path, kind and text, or a binary file's bytes; what reading found;
    the topic), so that two views with one digest get the same findings, however each was built
    and whenever the skill was written."""
    files = view.files
    if files and files[0].relpath == "SKILL.md" and files[0].text is not None:
        text = unstamped(files[0].text)
        if text != files[0].text:
            files = (replace(files[0], text=text), *files[1:])
    digest = hashlib.sha256(b"read\0")
    for f in files:
        content = (
            f.digest
            if f.text is None
            else hashlib.sha256(f.text.encode("utf-8", "surrogatepass")).hexdigest()
        )
        digest.update(f"{f.relpath}\0{f.kind}\0{content}\0".encode())
    digest.update(f"{view.checks!r}\0{view.topic!r}".encode("utf-8", "surrogatepass"))
    return replace(view, files=files, digest=digest.hexdigest())


def analysis_key(view: SkillView, *, mentions: bool = True) -> tuple[str, ...]:
    """What :func:`analyze` caches ``view``'s findings by: a hash of what the analyzers read
    (:func:`_as_read`: the SKILL.md's timestamps at a fixed instant), ``mentions``, the indicators'
    version and the third-party analyzers registered."""
    return _key(_as_read(view), mentions)


def _key(view: SkillView, mentions: bool) -> tuple[str, ...]:
    plugins, _ = ANALYZERS.plugins()
    return (view.digest, str(mentions), indicators().version, *(p.label for p in plugins))


def analyze(view: SkillView, *, mentions: bool = True) -> list[Finding]:
    """Every analyzer over ``view`` (:func:`view_findings`), its SKILL.md's timestamps at a fixed
    instant (:func:`unstamped`), cached by :func:`analysis_key`: an unchanged skill is not parsed
    again in this process, nor one whose only change is the time it was written (a store's
    write, the import's scan that ran ahead in a worker process: :func:`remember`)."""
    view = _as_read(view)
    key = _key(view, mentions)
    with _cache_lock:
        hit = _cache.get(key)
        if hit is not None:
            _cache.move_to_end(key)
            return list(hit)
    found = view_findings(view, mentions=mentions)
    remember(key, found)
    return found


def remember(key: tuple[str, ...], findings: Sequence[Finding]) -> None:
    """Put ``findings`` in the cache under ``key`` (an :func:`analysis_key`): what :func:`analyze`
    found for that content, in this process or in another running this code (a key names the
    indicators' version and the analyzers, so one made with others never matches here)."""
    with _cache_lock:
        _cache[key] = tuple(findings)
        _cache.move_to_end(key)
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)


def forget_analyses() -> None:
    """Empty the content-hash cache (for benchmarks that time a cold scan)."""
    with _cache_lock:
        _cache.clear()


def view_findings(view: SkillView, *, mentions: bool = True) -> list[Finding]:
    """Every analyzer over a skill's view, uncached (:func:`analyze` caches it): what
    reading the files found, each text file's analyzers (:func:`scan_text`, a Level 2 file with
    the skill's topic), then the skill-level ones (:data:`SKILL_ANALYZERS`: its code read as
    code, across its files)."""
    findings = list(view.checks)
    for file in view.files:
        if file.text is not None:
            topic = None if file.relpath == "SKILL.md" else view.topic
            findings.extend(scan_text(file.relpath, file.text, mentions=mentions, topic=topic))
    seen = {(f.rule, f.path, f.line) for f in findings}
    for analyzer in SKILL_ANALYZERS:
        for f in analyzer.analyze_skill(view):
            if (f.rule, f.path, f.line) not in seen:
                seen.add((f.rule, f.path, f.line))
                findings.append(f)
    return sorted(findings, key=lambda f: (f.path != "SKILL.md", f.path, *sort_key(f)))


@dataclass(frozen=True)
class FlowAnalyzer:
    """A skill-level analyzer: one language's code of the skill, read as code (its files of
    ``kind`` in the view, together: a value passed between two of them is followed where the
    analyzer can)."""

    name: str
    kind: str
    flows: Callable[..., list[Finding]]
    context: tuple[str, ...] = ()  # kinds of the skill's other files it is handed too, to read

    def analyze_skill(self, view: SkillView) -> list[Finding]:
        texts = view.of_kind(self.kind)
        if not texts:
            return []
        return self.flows(texts, view.of_kind(*self.context)) if self.context else self.flows(texts)


SKILL_ANALYZERS: tuple[FlowAnalyzer | HookAnalyzer | FootholdAnalyzer, ...] = (
    FlowAnalyzer("python-flow", "python", pyflow.skill_findings),
    FlowAnalyzer("javascript-flow", "javascript", jsflow.script_findings),
    FlowAnalyzer("shell-flow", "shell", shflow.shell_findings),
    FlowAnalyzer("make-flow", "makefile", shflow.makefile_findings),
    # a guide's steps that install one of the skill's scripts (a git hook) read it as the scripts do
    FlowAnalyzer("markdown-shell-flow", "markdown", shflow.markdown_findings, ("shell",)),
    FlowAnalyzer("ci-flow", "config", shflow.ci_findings),
    FlowAnalyzer("program-flow", "program", langflow.code_flow_findings),
    FlowAnalyzer("powershell-flow", "powershell", psflow.powershell_findings),
    FlowAnalyzer("page-flow", "page", jsflow.page_findings),
    HookAnalyzer(),  # the scripts it registers as the agent's hooks, read with the session as stdin
    FootholdAnalyzer(),  # a .pth start-up file, an SSH key or a root certificate it ships and installs
)
