"""Where a skill's packages come from: package indexes and install-time scripts.

Two ways a skill takes over what gets installed, read from any file of it (a requirements file,
pip's or npm's configuration, a ``pyproject.toml``, a ``package.json``, a script, the Markdown's
commands):

- **An untrusted index** (``untrusted-index``): pip, uv, poetry, npm, yarn or pnpm pointed at an
  index URL (``--index-url``, ``--extra-index-url``, ``-i``, ``--registry``, ``pip config set
  global.index-url``, ``npm config set registry``, ``index-url =`` / ``registry=`` in a
  configuration, ``PIP_INDEX_URL=``, a ``[[tool.poetry.source]]`` or ``[[tool.uv.index]]`` url) whose
  host is not a known index (``indicators.toml``'s ``package_indexes``: the official ones, the
  vendors' wheel indexes, the public mirrors Chinese developers use, and the hosts companies keep
  their private indexes on). Whoever runs that host serves every package installed from then on;
  an *extra* index is dependency confusion (pip takes the highest version across indexes), a
  name that imitates a known mirror (``pypi-tuna.example``, ``registry.npmjs-mirror.example``) is a
  look-alike. A placeholder (``<your-index>``, ``${PIP_INDEX_URL}``, ``example.com``,
  ``your-company``) and a private or loopback address are the reader's own index, not flagged.
- **An install hook that fetches** (``remote-exec``): a ``package.json`` lifecycle script
  (``preinstall``, ``install``, ``postinstall``, ``prepare`` ...) runs on ``npm install`` without
  anyone reading it; one that downloads (``curl``, ``wget``, ``Invoke-WebRequest``, a fetch in
  ``node -e``) runs code nobody reviewed, whatever the host. A hook that runs one of the skill's own
  files is read where that file is (the code analyzers).

Registered as the built-in analyzer ``supply-chain`` (:mod:`~skillrouter.security.scan`).
"""

from __future__ import annotations

import ipaddress
import json
import re
from collections.abc import Iterator
from functools import lru_cache
from pathlib import PurePosixPath
from urllib.parse import urlsplit

from skillrouter.security.analyzers import FileText
from skillrouter.security.findings import Finding, excerpt, finding
from skillrouter.security.indicators import imitates, indicators, known_host

__all__ = [
    "SupplyChainAnalyzer",
    "index_host_verdict",
    "index_urls",
    "supply_findings",
    "untrusted_index_why",
]

# a setting or option that names an index, then its URL on the same line
_INDEX_SETTING = re.compile(
    r"(?P<key>--extra-index-url|--index-url|--default-index|--index|--registry|(?<![\w-])-i"
    r"|extra[-_]index[-_]url|index[-_]url|npmRegistryServer|(?:@[\w.-]+:)?registry"
    r"|PIP_(?:EXTRA_)?INDEX_URL|UV_(?:EXTRA_)?INDEX_URL|UV_DEFAULT_INDEX|NPM_CONFIG_REGISTRY"
    r"|YARN_REGISTRY|poetry\s+source\s+add\s+(?:--\S+\s+)*[\w.-]+)"
    r"""["']?\s*(?:[=:]\s*|\s+)["']?(?P<url>https?://[^\s"'<>`)\]]+)""",
    re.IGNORECASE,
)
# a URL under a pyproject source table: [[tool.poetry.source]] / [[tool.uv.index]] / [[tool.pdm.source]]
_SOURCE_TABLE = re.compile(
    r"^[ \t]*\[\[\s*tool\.(?:poetry\.source|uv\.index|pdm\.source)\s*\]\]", re.MULTILINE
)
_URL_KEY = re.compile(r"""^[ \t]*url\s*=\s*["'](?P<url>https?://[^"']+)["']""", re.MULTILINE)
_PLACEHOLDER = re.compile(
    r"[<>{}$%]|example\.(?:com|org|net)\b|\byour|\bmy-?(?:company|corp|org|team)\b|company\b|\bcorp\.|\bxxx"
    r"|\.\.\.|changeme",
    re.IGNORECASE,
)
_NPM_COMMAND = re.compile(r"\b(?:npm|npx|yarn|pnpm|bun)\b")
_NPM_SETTING = re.compile(
    r"""^\s*["']?(?:@[\w.-]+:)?registry["']?\s*[=:]|\b(?:npm|yarn|pnpm|bun)\s+config\s+set\s+(?:@[\w.-]+:)?registry\b"""
    r"|\.npmrc\b|\.yarnrc\b"
)
_PRIVATE_LABELS = frozenset({"internal", "intranet", "corp", "lan", "private", "intra"})
_PRIVATE_SUFFIXES = (".local", ".internal", ".lan", ".localhost", ".intranet", ".home.arpa")
LIFECYCLE = (
    "preinstall",
    "install",
    "postinstall",
    "prepare",
    "preprepare",
    "postprepare",
    "prepublish",
    "preuninstall",
    "uninstall",
    "postuninstall",
)
_FETCHES = re.compile(
    r"\b(?:curl|wget|Invoke-WebRequest|iwr|Invoke-RestMethod|irm|certutil\s+-urlcache)\b"
    r"|\bnode\s+-e\b.*\b(?:https?\.get|fetch|request)\s*\(|\bpython3?\s+-c\b.*\burlopen\b"
    r"|\bnpx\s+(?:-y\s+)?https?://",
    re.IGNORECASE,
)


@lru_cache(maxsize=4096)
def index_host_verdict(url: str) -> str | None:
    """Why ``url`` is an untrusted package index ("look-alike" / "unknown"), None when it is a
    known index, a placeholder or a private address."""
    known = indicators()
    return host_verdict(url, (*known.package_indexes, *known.index_hosting), known.package_indexes)


def is_placeholder(url: str) -> bool:
    """Whether ``url`` is a guide's stand-in the reader fills (``https://<host>``, ``your-company``,
    ``example.com``, ``${URL}``), not an address."""
    return _PLACEHOLDER.search(url) is not None


def host_verdict(url: str, trusted: tuple[str, ...], imitated: tuple[str, ...]) -> str | None:
    """Why ``url``'s host is none of ``trusted`` (or a subdomain of one): "look-alike" when its
    name imitates one of ``imitated``, else "unknown"; None for a trusted host, a placeholder
    (``your-company``, ``<host>``, ``example.com``) or a private, loopback or company-network name."""
    if _PLACEHOLDER.search(url):
        return None
    try:
        host = (urlsplit(url).hostname or "").lower().rstrip(".")
    except ValueError:
        return None
    if not host or "." not in host or host.endswith(_PRIVATE_SUFFIXES) or host == "localhost":
        return None
    if _PRIVATE_LABELS & {word for label in host.split(".")[:-1] for word in label.split("-")}:
        return None  # pypi.internal.acme.com, pypi.corp-artifacts.acme.com: a company's own network names it
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        address = None
    if address is not None and (address.is_private or address.is_loopback or address.is_link_local):
        return None
    if known_host(host, trusted):
        return None
    return "look-alike" if imitates(host, imitated) else "unknown"


def index_urls(text: str, manifest: bool = False) -> Iterator[tuple[int, str, str, int]]:
    """Each index URL set in ``text``: (line number, the line, the URL, its column); in a
    ``package.json`` (``manifest``) a ``"registry"`` key is where the package is published to."""
    lines = text.split("\n")
    for number, line in enumerate(lines, 1):
        if "://" not in line:
            continue
        for m in _INDEX_SETTING.finditer(line):
            key = m.group("key").lower()
            if key == "-i" and not re.search(r"\b(?:pip3?|uv|install)\b", line, re.IGNORECASE):
                continue  # "-i URL" is pip's only after pip
            if key == "--registry" and not _NPM_COMMAND.search(line):
                continue  # another tool's --registry (a skill registry's CLI)
            if (
                key.endswith("registry")
                and not key.startswith("--")
                and (manifest or not _NPM_SETTING.search(line))
            ):
                continue  # a bare "registry": npm's only as a configuration line or npm's own command
            yield number, line, m.group("url"), m.start("url")
    yield from _repository_urls(text)
    if _SOURCE_TABLE.search(text):
        for m in _URL_KEY.finditer(text):
            start = text.rfind("[", 0, m.start())
            if start >= 0 and _SOURCE_TABLE.match(text, text.rfind("\n", 0, start) + 1):
                number = text.count("\n", 0, m.start()) + 1
                line = lines[number - 1]
                yield number, line, m.group("url"), line.find(m.group("url"))


# Maven's and Gradle's repositories: the elements and blocks an artifact is fetched from, and those
# that only say where one is published (or name the project's site)
_XML_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_XML_TAG = re.compile(r"<(/?)([\w:.-]+)[^>]*?(/?)>")
_XML_FETCHED_FROM = frozenset({"mirror", "repository", "pluginrepository"})
_XML_PUBLISHED_TO = frozenset({"distributionmanagement", "scm", "site", "snapshotrepository"})
_XML_URL = re.compile(r"<url>\s*(https?://[^<\s]+)\s*</url>")
# a block's opening brace and the word before it (publishing {, create<MavenPublication>("m") {), or a close
_GRADLE_BLOCK = re.compile(r"(?:\b(\w+)\s*(?:<[\w.]*>)?\s*(?:\([^(){}\n]*\))?\s*)?\{|\}")
_GRADLE_URL = re.compile(
    r"""\bmaven\s*(?:\{[^{}]*?\burl\s*(?:=\s*)?\(?\s*(?:uri\s*\(\s*)?|\(\s*(?:url\s*=\s*)?(?:uri\s*\(\s*)?)"""
    r"""["'](?P<url>https?://[^"'\s]+)["']"""
)


def _repository_urls(text: str) -> Iterator[tuple[int, str, str, int]]:
    """The Maven repositories a ``settings.xml`` or ``pom.xml`` fetches from (a mirror, a
    repository), and Gradle's (``maven { url = uri("...") }``, ``maven("...")``) outside a
    ``publishing`` block: (line number, the line, the URL, its column)."""
    lines = text.split("\n")
    if "<url>" in text:
        stack: list[str] = []
        # a comment's examples (Maven's stock settings.xml) are no setting: blanked, lines kept
        xml = _XML_COMMENT.sub(lambda c: re.sub(r"[^\n]", " ", c.group()), text)
        for m in _XML_TAG.finditer(xml):
            closing, name, empty = m.group(1), m.group(2).lower(), m.group(3)
            if closing:
                if name in stack:
                    del stack[len(stack) - 1 - stack[::-1].index(name) :]
            elif not empty:
                stack.append(name)
            if (
                name == "url"
                and not closing
                and _XML_FETCHED_FROM & set(stack)
                and not (_XML_PUBLISHED_TO & set(stack))
            ):
                url = _XML_URL.match(xml, m.start())
                if url is not None:
                    number = text.count("\n", 0, m.start()) + 1
                    yield number, lines[number - 1], url.group(1), lines[number - 1].find(url.group(1))
    if "maven" in text:
        for m in _GRADLE_URL.finditer(text):
            depth: list[str] = []
            for block in _GRADLE_BLOCK.finditer(text, 0, m.start()):
                if block.group() == "}":
                    if depth:
                        depth.pop()
                else:
                    depth.append(block.group(1) or "")
            if "publishing" in depth:
                continue  # where the build publishes to, not what it installs
            number = text.count("\n", 0, m.start("url")) + 1
            line = lines[number - 1]
            yield number, line, m.group("url"), line.find(m.group("url"))


_WHY = {
    "look-alike": (
        "It points the package manager at {host}, a name made to look like a known package index: "
        "every package installed through it comes from whoever runs that host."
    ),
    "unknown": (
        "It points the package manager at {host}, which is not a known package index or mirror: "
        "every package installed through it comes from whoever runs that host{extra}."
    ),
}


def untrusted_index_why(url: str, line: str) -> str | None:
    """Why the index ``url`` set on ``line`` is untrusted (see :func:`index_host_verdict`), or None."""
    verdict = index_host_verdict(url)
    if verdict is None:
        return None
    host = urlsplit(url).hostname or url
    extra = " (an extra index: a package of the same name there wins if its version is higher)"
    return _WHY[verdict].format(host=host, extra=extra if "extra" in line.lower() else "")


def index_findings(relpath: str, text: str) -> list[Finding]:
    """``untrusted-index``: each line that sets an index URL whose host is untrusted, and each
    package index's address anywhere (a mirror list, a template's data) whose host imitates a known
    index (``pypi.tuna-tsinghua.example/simple``): a name made to pass for one is no honest mirror's."""
    out: list[Finding] = []
    seen: set[int] = set()
    manifest = PurePosixPath(relpath).name.lower() == "package.json"
    for number, line, url, at in index_urls(text, manifest):
        why = untrusted_index_why(url, line)
        if why is None or number in seen:
            continue
        seen.add(number)
        out.append(finding("untrusted-index", relpath, number, excerpt(line, at), why=why))
    if "/simple" in text:
        for m in _SIMPLE_INDEX_URL.finditer(text):
            number = text.count("\n", 0, m.start()) + 1
            if number in seen or index_host_verdict(m.group()) != "look-alike":
                continue
            seen.add(number)
            line = text.split("\n")[number - 1]
            why = untrusted_index_why(m.group(), line) or ""
            out.append(
                finding("untrusted-index", relpath, number, excerpt(line, line.find(m.group())), why=why)
            )
    return out


# a Python package index's address (PEP 503's /simple), wherever a file lists it
_SIMPLE_INDEX_URL = re.compile(r"https?://[^\s\"'<>`)\]]+?/simple\b/?")


def lifecycle_findings(relpath: str, text: str) -> list[Finding]:
    """``remote-exec``: a ``package.json`` install hook that downloads."""
    if PurePosixPath(relpath).name.lower() != "package.json":
        return []
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return []
    scripts = data.get("scripts") if isinstance(data, dict) else None
    if not isinstance(scripts, dict):
        return []
    lines = text.split("\n")
    out = []
    for hook in LIFECYCLE:
        command = scripts.get(hook)
        if not isinstance(command, str) or not _FETCHES.search(command):
            continue
        number = next((i for i, line in enumerate(lines, 1) if f'"{hook}"' in line), 1)
        why = (
            f"Its '{hook}' script runs on npm install, unread, and downloads: code nobody reviewed runs "
            "on the machine of whoever installs it."
        )
        out.append(finding("remote-exec", relpath, number, excerpt(lines[number - 1]), why=why))
    return out


def supply_findings(relpath: str, text: str) -> list[Finding]:
    """Both rules (see the module docstring) over one file."""
    return index_findings(relpath, text) + lifecycle_findings(relpath, text)


class SupplyChainAnalyzer:
    """The built-in analyzer of where packages come from (:func:`supply_findings`)."""

    name = "supply-chain"

    def analyze(self, file: FileText) -> list[Finding]:
        return supply_findings(file.relpath, file.text)
