"""What agents are actually told to run from outside the skill: the lures of real registry malware,
in prose.

Prose, per block (a paragraph or list item with what it introduces, every front-matter string
included), in English and Chinese, exempt where the text says it only mentions them (negation,
warning headings, a security skill's examples: :mod:`skillrouter.security.mentions`):

``download-exec``
    An archive or program to download (a link or URL to a ``.zip``, ``.exe``, ``.msi``, ``.dmg``,
    ...) together with an extraction password ("extract using pass: `openclaw`", "使用密码", a
    translator's "使用 `openclaw` 解压"), or together with being told to run the executable, the
    installer or a named ``.exe`` (a download link and "run it" in a vendor's page is rare; with a
    password, unheard of).
``remote-exec`` (prose form)
    A paste site's page, or a link that hides where it goes ("[this page](...)", "[此页面](...)"),
    beside being told to run, paste or execute a command in a terminal: the command to run is
    not in the skill, so nobody reviewed it.
``self-replication``
    A write of the skill into the agent's memory or instruction files (``SOUL.md``, ``AGENTS.md``,
    ``MEMORY.md``, "memory files", 记忆文件) in a skill that asks to be spread, propagated or
    replicated to other agents; or the skill copied into many places ("copy this skill's folder
    into each of those directories", "every repository") in a skill that pushes or publishes
    (``git push``, a pull request, ``clawhub publish``): a worm through skill folders.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from skillrouter.security import mentions as ctx
from skillrouter.security.droppers import lines_of
from skillrouter.security.findings import Finding, finding
from skillrouter.security.lexicon_lures import (
    ASSET_NAME_RE,
    ASSET_URL_RE,
    COPY_VERB_RE,
    DOWNLOAD_RE,
    EXTRACT_WITH_RE,
    EXTRACTORS,
    MANY_PLACES_RE,
    MEMORY_TARGET_RE,
    OPAQUE_LINK_RE,
    PASSWORD_RE,
    PASTE_HOST_RE,
    PASTE_HOSTS,
    PREREQUISITE_RE,
    RUN_COMMAND_RE,
    RUN_PROGRAM_RE,
    SELF_WRITE_RE,
    SENT_ON_RE,
    SPREAD_RE,
)
from skillrouter.security.markdown import Block, Document, sentences
from skillrouter.security.units import block_excerpt

__all__ = ["prose_lure_findings"]

# --------------------------------------------------------------------------- prose
# words one of which a block must hold for a rule to be tried on it (a speed-up only)
_DOWNLOAD_WORDS_RE = re.compile(
    r"download|grab|fetch|下载|下載|安装包"
    r"|\.(?:zip|7z|rar|exe|msi|msix|dmg|pkg|apk|appimage|jar|tgz|cab|iso|scr|vbs)\b"
)
_PASTE_WORDS_RE = re.compile(
    "|".join(re.escape(h.split(".")[0] + ".") for h in PASTE_HOSTS if not h.startswith("gist."))
    + r"|gist\.|\[\s*(?:this|here|click|link|the\s+(?:page|link))"
    r"|\[\s*(?:此|这|這|该|該|链接|页面|从|從|点击|點擊)"
)
_MEMORY_WORDS_RE = re.compile(
    r"(?:soul|agents|memory|claude|gemini|user|identity|heartbeat|tools|bootstrap)\.md|cursorrules|memory"
    r"|system prompt|custom instructions|auto-?loaded|start-?up|记忆|記憶|提示文件|系统提示|系統提示"
)
_SPREAD_WORDS_RE = re.compile(
    r"spread|propagat|replicat|evangel|memetic|share|recommend|forward|tell|ask|invite|urge|encourag|remind|get"
    r"|传播|傳播|扩散|擴散|复制|複製|分享|推荐|转发"
)


# words of skill names too common to mean the skill itself ("agents-doc" writing AGENTS.md)
_COMMON_NAME_WORDS = frozenset(
    {
        "agents",
        "memory",
        "helper",
        "writer",
        "manager",
        "skills",
        "prompt",
        "system",
        "config",
        "update",
        "search",
    }
)


def _short(url: str) -> str:
    """A download URL as a person reads it: its host and the file it fetches."""
    host = re.sub(r"^\w+://", "", url).split("/", 1)[0]
    name = url.rstrip("/").rsplit("/", 1)[-1]
    return f"{host}/…/{name}" if name != host else host


def _password(text: str) -> re.Match[str] | None:
    if m := PASSWORD_RE.search(text):
        return m
    for m in EXTRACT_WITH_RE.finditer(text):
        if m.group(1).lower() not in EXTRACTORS:
            return m
    return None


def _sentence_at(block: Block, pos: int) -> tuple[int, str]:
    for a, b in sentences(block):
        if a <= pos < b:
            return a, block.text[a:b]
    return 0, block.text


class _Prose:
    """The prose lure rules over one document."""

    def __init__(self, relpath: str, doc: Document, lower: str, mentions: bool) -> None:
        self.relpath = relpath
        self.doc = doc
        self.lower = lower
        self.mentions = mentions
        self.security_topic = ctx.is_security_topic(doc.topic)
        self.found: dict[tuple[str, int], Finding] = {}
        self.may_spread = _SPREAD_WORDS_RE.search(lower) is not None
        self.sent_on = next(
            (m for m in SENT_ON_RE.finditer(lower) if not (mentions and ctx.negated(lower, m.start()))), None
        )
        self._spread: re.Match[str] | None | bool = False  # False: not looked for yet
        self._itself: re.Pattern[str] | None = None

    @property
    def itself(self) -> re.Pattern[str]:
        """What the skill calls itself: its name (or a long part of it: an import may have renamed
        it), "this skill", "itself", a skill folder's SKILL.md (compiled when first needed: most
        documents never ask)."""
        if self._itself is None:
            name = next((b.text.strip() for b in self.doc.fields if b.field_path == "name"), "")
            parts = {w for w in name.split("-") if len(w) >= 6 and not MEMORY_TARGET_RE.search(f"{w}.md")}
            forms = {name, name.replace("-", " "), name.replace("-", ""), *(parts - _COMMON_NAME_WORDS)}
            words = [re.escape(w) for w in forms if len(w) >= 4]
            self._itself = re.compile(
                r"\b(?:this\s+skill|itself|themselves)\b|本技能|该技能|此技能|这个技能|skills/[\w.-]+/skill\.md"
                + "".join(f"|(?<![\\w-]){w}(?![\\w-])" for w in words),
                re.IGNORECASE,
            )
        return self._itself

    @property
    def spread(self) -> re.Match[str] | None:
        """Where the skill asks to be spread to other agents (looked for once, when needed)."""
        if self._spread is False:
            self._spread = next(
                (
                    m
                    for m in SPREAD_RE.finditer(self.lower)
                    if not (self.mentions and ctx.negated(self.lower, m.start()))
                ),
                None,
            )
        return self._spread if isinstance(self._spread, re.Match) else None

    def exempt(self, block: Block, pos: int) -> bool:
        if not self.mentions or pos >= len(block.text):  # a hit in the attached text: judged by its own block
            return False
        start, sentence = _sentence_at(block, pos)
        # a skill's saying it is about security buys a lure no exemption by example words (the
        # malware calls itself a security check); a security skill's table of what it blocks does
        reason = ctx.mention_reason(
            sentence,
            pos - start,
            pos - start + 1,
            heading=block.heading,
            security_topic=self.security_topic and block.table,
            lead_in=self.doc.body.lead_in(block),
            table=block.table,
        )
        return reason is not None

    def add(self, rule: str, block: Block, pos: int, why: str) -> None:
        inside = min(pos, len(block.text) - 1) if block.text else 0
        line = block.line_at(inside)
        if (rule, line) in self.found:
            return
        self.found[(rule, line)] = finding(rule, self.relpath, line, block_excerpt(block, inside), why=why)

    def check(self, block: Block) -> None:
        text = block.text + ("\n" + block.attached if block.attached else "")
        low = text.lower()
        if _DOWNLOAD_WORDS_RE.search(low):
            self._download(block, text)
        if _PASTE_WORDS_RE.search(low):
            self._paste(block, text)
        if self.may_spread and _MEMORY_WORDS_RE.search(low):
            self._self_write(block)
        if self.sent_on is not None and MANY_PLACES_RE.search(low):
            self._self_copy(block, self.sent_on.group())

    def _download(self, block: Block, text: str) -> None:
        asset = ASSET_URL_RE.search(text) or (
            ASSET_NAME_RE.search(text) if DOWNLOAD_RE.search(text) else None
        )
        if asset is None:
            return
        if (pw := _password(text)) and not self.exempt(block, pw.start()):
            self.add(
                "download-exec",
                block,
                pw.start(),
                "It has you download an archive and open it with a password, which keeps any scanner "
                f"from seeing what you are told to run ({_short(asset.group())}).",
            )
            return
        run = RUN_PROGRAM_RE.search(text)
        # a link to the program, or the program named beside a link that hides it ("get
        # [databridge.7z](https://mega.nz/...)", "launch DataBridge.exe")
        linked = ASSET_URL_RE.search(text) or (asset.re is ASSET_NAME_RE and "://" in text)
        if run is not None and linked and not self.exempt(block, run.start()):
            framing = PREREQUISITE_RE.search(text) or PREREQUISITE_RE.search(block.heading)
            generic = re.search(r"executable|可执行|可執行|程序|程式", run.group(), re.IGNORECASE)
            if framing or generic:
                self.add(
                    "download-exec",
                    block,
                    run.start(),
                    "It has you download a program from a link, outside any package manager, and run it "
                    f"({_short(asset.group())}).",
                )

    def _paste(self, block: Block, text: str) -> None:
        where = PASTE_HOST_RE.search(text) or OPAQUE_LINK_RE.search(text)
        if where is None:
            return
        run = RUN_COMMAND_RE.search(text)
        if run is None or self.exempt(block, run.start()):
            return
        paste = PASTE_HOST_RE.search(text)
        hidden = "a link that does not say where it goes"
        host = paste.group().split("//")[-1].rstrip("/:?#") if paste else hidden
        self.add(
            "remote-exec",
            block,
            where.start(),
            f"It has you run a command kept on another page ({host}), so what runs is not in the skill "
            "and nobody reviewed it.",
        )

    def _self_copy(self, block: Block, sent_on: str) -> None:
        """The skill copied into many places (every repository, each agent's skills folder) in a
        skill that also pushes or publishes (``sent_on``): a worm through skill folders."""
        for a, b in sentences(block):
            s = block.text[a:b]
            mine, copy, many = self.itself.search(s), COPY_VERB_RE.search(s), MANY_PLACES_RE.search(s)
            if not (mine and copy and many) or self.exempt(block, a + copy.start()):
                continue
            self.add(
                "self-replication",
                block,
                a + copy.start(),
                f"It copies itself into {many.group()} and sends it on ({sent_on}).",
            )
            return

    def _self_write(self, block: Block) -> None:
        if not self.itself.search(block.text + "\n" + block.attached):
            return
        for a, b in sentences(block):
            s = block.text[a:b]
            target = MEMORY_TARGET_RE.search(s)
            if target is None:
                continue
            write = SELF_WRITE_RE.search(s)
            if write is None or self.exempt(block, a + min(write.start(), target.start())):
                continue
            if self.spread is None:
                return
            self.add(
                "self-replication",
                block,
                a + target.start(),
                f"It writes itself into the agent's {target.group()} and the skill asks to be spread "
                f"({self.spread.group() if self.spread else 'to other agents'}).",
            )
            return


def _blocks(doc: Document, lower: str) -> Iterator[Block]:
    """The front-matter blocks, then the body blocks holding a word some rule needs."""
    yield from doc.fields
    seen: set[int] = set()
    body = doc.body
    for number in lines_of(lower, _DOWNLOAD_WORDS_RE, _PASTE_WORDS_RE, _MEMORY_WORDS_RE, MANY_PLACES_RE):
        if number < body.first_line:
            continue
        block = body.block_at(number)
        if block is not None and block.line not in seen:
            seen.add(block.line)
            yield block


def prose_lure_findings(relpath: str, doc: Document, lower: str, *, mentions: bool = True) -> list[Finding]:
    """``download-exec``, ``remote-exec`` and ``self-replication`` in the prose of one document."""
    rules = _Prose(relpath, doc, lower, mentions)
    for block in _blocks(doc, lower):
        if block.kind == "prose":
            rules.check(block)
    return list(rules.found.values())
