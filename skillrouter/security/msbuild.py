"""Code MSBuild downloads and runs during a build: the ``msbuild`` analyzer.

A .NET project imports ``Directory.Build.props``/``.targets`` (and any ``.targets`` a package
brings) into every build, in the IDE and in CI. A target may fetch a file with the built-in
``DownloadFile`` task; when what it fetched is an assembly or a script that the build then loads
or runs (an ``Analyzer``, which runs inside the compiler, a ``Reference``, a ``UsingTask``'s
assembly, an ``Exec`` of it), whoever serves that address runs code on every developer's machine
and build agent, on each build, with no package hash or signature to stop a swapped file
(``download-exec`` on the ``DownloadFile`` line). Fetching data (a ruleset, a JSON schema) is not
reported, nor is a package restored from a feed (``PackageReference``: NuGet checks its hash).

Properties are expanded from the file's own definitions (``<TeamRulesDir>...</TeamRulesDir>``,
``$(TeamRulesDir)Team.Rules.dll``), one level deep at a time, bounded.

Registered as the built-in analyzer ``msbuild`` (:mod:`~skillrouter.security.scan`).
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from skillrouter.security.analyzers import FileText
from skillrouter.security.findings import Finding, excerpt, finding
from skillrouter.security.indicators import installer_url
from skillrouter.security.view import TEMPLATE_SUFFIXES

__all__ = ["MSBuildAnalyzer", "msbuild_findings"]

_SUFFIXES = (".targets", ".props", ".csproj", ".vbproj", ".fsproj", ".proj", ".msbuild")
_PROPERTY_RE = re.compile(r"<([A-Za-z_][\w.-]{0,100})(?:\s[^<>]{0,500})?>([^<]{1,500})</\1>")
_USE_RE = re.compile(r"\$\(([A-Za-z_][\w.-]*)\)")
_DOWNLOAD_RE = re.compile(r"<DownloadFile\b[^<>]{0,2000}>", re.IGNORECASE)
_ATTRIBUTE_RE = re.compile(
    r"\b(SourceUrl|DestinationFolder|DestinationFileName)\s*=\s*(?:\"([^\"]*)\"|'([^']*)')", re.IGNORECASE
)
# what the build loads or runs: an analyzer (inside the compiler), a reference, a task's assembly, a
# command, an imported project
_LOADS_RE = re.compile(
    r"<(?:Analyzer|Reference|UsingTask|Exec|ProjectReference|Import)\b[^<>]{0,2000}?"
    r"(?:Include|AssemblyFile|Command|HintPath|Project)\s*=\s*(?:\"([^\"]*)\"|'([^']*)')|<HintPath>([^<]*)</HintPath>",
    re.IGNORECASE,
)
_RUNNABLE = re.compile(r"\.(?:dll|exe|ps1|psm1|cmd|bat|sh|py|js|targets|props)$", re.IGNORECASE)
_DEPTH = 8  # property expansions followed


def is_msbuild(relpath: str) -> bool:
    path = PurePosixPath(relpath.lower())
    if path.suffix in TEMPLATE_SUFFIXES:
        path = path.with_suffix("")
    return path.suffix in _SUFFIXES


def msbuild_findings(relpath: str, text: str) -> list[Finding]:
    """``download-exec`` where an MSBuild file downloads an assembly or script that it then loads
    or runs (see the module docstring)."""
    if not is_msbuild(relpath) or "downloadfile" not in text.lower():
        return []
    properties: dict[str, str] = {}
    for m in _PROPERTY_RE.finditer(text):
        properties.setdefault(m.group(1), m.group(2).strip())
    used = [_expand(a or b or c, properties) for a, b, c in _LOADS_RE.findall(text)]
    out: list[Finding] = []
    for m in _DOWNLOAD_RE.finditer(text):
        attributes = {k.lower(): _expand(a or b, properties) for k, a, b in _ATTRIBUTE_RE.findall(m.group())}
        url = attributes.get("sourceurl", "")
        if installer_url(url):
            continue  # dotnet-install.ps1 from dot.net, nuget.exe from dist.nuget.org: the vendor's own
        name = attributes.get("destinationfilename") or url.rsplit("/", 1)[-1]
        if not url.lower().startswith(("http://", "https://")) or not _RUNNABLE.search(name):
            continue
        if not any(name.lower() in u.lower() for u in used):
            continue  # fetched but never loaded or run by this file
        number = text.count("\n", 0, m.start()) + 1
        why = (
            f"A build target downloads {name} from {url} and the build then loads or runs it: whoever "
            "serves that address runs code in every build, with no package hash to stop a swapped file."
        )
        out.append(finding("download-exec", relpath, number, excerpt(text.split("\n")[number - 1]), why=why))
    return out


def _expand(value: str, properties: dict[str, str]) -> str:
    for _ in range(_DEPTH):
        expanded = _USE_RE.sub(lambda m: properties.get(m.group(1), ""), value)
        if expanded == value:
            break
        value = expanded[:2000]
    return value


class MSBuildAnalyzer:
    """The built-in analyzer of what an MSBuild file downloads and runs (:func:`msbuild_findings`)."""

    name = "msbuild"

    def analyze(self, file: FileText) -> list[Finding]:
        return msbuild_findings(file.relpath, file.text)
