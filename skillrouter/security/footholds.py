"""What a skill leaves on the machine so that its author gets back in later, read across its files.

Three footholds need no payload that fetches or decodes anything, so the flow analyzers (which
follow data to where it leaves or runs) do not see them; each is a file the skill ships, put where
the system trusts it:

- **A ``.pth`` file that runs code** (``persistence``): Python's ``site`` module runs every line of a
  ``.pth`` file in ``site-packages`` that starts with ``import`` at each start of every Python
  program (the 2026 ``litellm`` release that stole credentials ran this way). A skill has no reason
  to ship one: an editable install writes its own.
- **An SSH key the skill ships, written into ``authorized_keys``** (``persistence``): whoever holds
  the private half logs in to the machine from then on. A full public key in the skill (not a
  placeholder such as ``ssh-rsa AAAA...``) and a line of it that writes into an ``authorized_keys``
  file; a guide that adds the user's own key (read from ``~/.ssh/*.pub``) ships none. The path may
  be held in a name first (``ak="$HOME/.ssh/authorized_keys"``, ``@auth = File.expand_path(...)``):
  a write to that name counts. A script (not a guide's steps) that writes there and downloads
  from the network is the same foothold with the key served from the author's host
  (``persistence``), unless the keys come from a forge's account (``github.com/USER.keys``,
  ``ssh-import-id``): the user's own.
- **A certificate the skill ships, installed as a trusted root** (``trust-anchor``): whoever holds
  its key can read and alter every TLS connection the machine makes (a "mirror" or "accelerator"
  that proxies them). A certificate file of the skill, named on a line that installs into a trust
  store (``update-ca-certificates``' folder, ``update-ca-trust``'s anchors, ``security
  add-trusted-cert``, ``certutil -addstore Root``, ``Import-Certificate`` into a Root store,
  ``keytool -importcert`` into ``cacerts``, Docker's ``certs.d``); a guide that installs the
  company's CA from a path the user gives ships none.

Registered as the skill-level analyzer ``footholds`` (:mod:`~skillrouter.security.scan`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from pathlib import PurePosixPath
from typing import Any

from skillrouter.security.findings import Finding, excerpt, finding
from skillrouter.security.markdown import fenced_spans

__all__ = ["FootholdAnalyzer", "foothold_findings"]

# a line site.py runs: "import" then a space or a tab, at the line's start
_PTH_CODE = re.compile(r"^import[ \t]", re.MULTILINE)
# coverage.py's documented line for measuring subprocesses: it starts coverage, nothing else
_COVERAGE_PTH = re.compile(r"import\s+coverage\s*;\s*coverage\.process_startup\(\)\s*$", re.MULTILINE)

# a whole public key: its type, then at least 60 characters of base64 (a placeholder is "AAAA...")
_PUBLIC_KEY = re.compile(
    r"(?:ssh-(?:ed25519|rsa|dss)|ecdsa-sha2-nistp\d+|sk-(?:ssh-ed25519|ecdsa-sha2-nistp256)@openssh\.com)"
    r"\s+AAAA[A-Za-z0-9+/]{60,}={0,2}"
)
# a line that writes into authorized_keys (a redirection, tee, an append or write call, a copy);
# {target}: the path's own words, or a name that holds it
_WRITE_VERBS = (
    r"(?:>>?|\btee\b|\bappend\w*|\bwrite\w*|\bAdd-Content\b|\bSet-Content\b|\bOut-File\b|\bcp\b|\binstall\b"
    r"|(?-i:\bCOPY\b|\bADD\b))[^\n]{{0,200}}?{target}"
    # open(ak, "a"): only a write mode writes
    r"|{target}[^\n]{{0,200}}?(?:\bappend\w*|\bwrite\w*|,\s*[\"'][aw]\+?b?[\"'])"
)
_AUTHORIZED_WRITE = re.compile(_WRITE_VERBS.format(target="authorized_keys"), re.IGNORECASE)
# a name given the file's path: ak="$HOME/.ssh/authorized_keys", @auth = File.expand_path('...')
_HOLDS_PATH = re.compile(
    r"(?:^|[\s;(,{])(?:local\s+|export\s+|readonly\s+|const\s+|let\s+|var\s+|my\s+)?"
    r"(?P<name>(?:@|\$)?[A-Za-z_]\w*)\s*:?=\s*(?P<value>[^\n=;]{0,160}?)authorized_keys\b",
    re.MULTILINE,
)
# a script's own download (what it fetches, it writes)
_DOWNLOADS = re.compile(
    r"(?<![\w.$/-])(?:curl|wget)(?![\w.-])|\bNet::HTTP\b|\bURI\.open\b|\bopen-uri\b|\brequests\.get\b"
    r"|\burlopen\b|\bhttpx\.get\b|(?<![\w.])fetch\s*\(|\baxios\b|\bhttp\.Get\b|\bInvoke-(?:WebRequest|RestMethod)\b"
    r"|\b(?:iwr|irm)\b",
)
# keys a forge serves for an account (the user's own, as ssh-import-id fetches them)
_FORGE_KEYS = re.compile(
    r"\bgithub\.com/[^\s\"'/]+\.keys\b|\bgitlab\.com/[^\s\"'/]+\.keys\b|api\.github\.com/users/"
    r"|\blaunchpad\.net/~|\bssh-import-id\b",
    re.IGNORECASE,
)

_CERTIFICATE = "-----BEGIN CERTIFICATE-----"
# a whole certificate: its base64 body (a guide's placeholder shows the armour, or "MIIB...")
_WHOLE_CERTIFICATE = re.compile(
    r"-----BEGIN CERTIFICATE-----\s*(?:[A-Za-z0-9+/=]{40,}\s*){4,}-----END CERTIFICATE-----"
)
_CERT_SUFFIXES = (".crt", ".cer", ".pem", ".der")
# a line that installs a certificate where the system (or Docker, or Java) takes it as a root
# words one of _TRUST_STORE's commands holds (a cheap test before the expression)
_TRUST_WORDS = (
    "ca-certificates",
    "ca-trust",
    "trust anchor",
    "add-trusted-cert",
    "certutil",
    "import-certificate",
    "\\root",
    "keytool",
)
_TRUST_STORE = re.compile(
    r"update-ca-certificates|update-ca-trust|/usr/(?:local/)?share/ca-certificates\b"
    r"|/etc/pki/ca-trust/source/anchors|/etc/ca-certificates/trust-source"
    r"|(?:^|[;&|]\s*|\bsudo\s+)trust\s+anchor\s+\S"  # p11-kit's command, not the phrase
    r"|\badd-trusted-cert\b|\bcertutil\b[^\n]{0,200}?-addstore[^\n]{0,200}?\bRoot\b"
    r"|\bImport-Certificate\b[^\n]{0,200}?\\Root\b"
    r"|Cert:\\\w+\\Root\b|\bkeytool\b[^\n]{0,200}?-import\w*[^\n]{0,200}?\bcacerts\b",
    re.IGNORECASE | re.MULTILINE,
)


class FootholdAnalyzer:
    """The skill-level analyzer ``footholds`` (see the module docstring)."""

    name = "footholds"

    def analyze_skill(self, view: Any) -> list[Finding]:
        return foothold_findings(view.texts)


def foothold_findings(texts: Mapping[str, str]) -> list[Finding]:
    """The footholds in a skill's text files (relative path -> text)."""
    return [*_pth_files(texts), *_authorized_keys(texts), *_trust_anchors(texts)]


def _pth_files(texts: Mapping[str, str]) -> Iterator[Finding]:
    for relpath, text in sorted(texts.items()):
        if PurePosixPath(relpath).suffix.lower() != ".pth":
            continue
        text = text.removeprefix("\ufeff")  # Python reads .pth files as utf-8-sig
        m = next((m for m in _PTH_CODE.finditer(text) if not _COVERAGE_PTH.match(text, m.start())), None)
        if m is not None:
            line = text.count("\n", 0, m.start()) + 1
            yield finding(
                "persistence",
                relpath,
                line,
                excerpt(text.splitlines()[line - 1]),
                why=(
                    "A .pth start-up file whose line runs code: put in site-packages, it runs at the "
                    "start of every Python program on the machine."
                ),
            )


def _lines(text: str) -> Iterator[tuple[int, str]]:
    yield from enumerate(text.splitlines(), 1)


# a known_hosts entry: a host's key pinned (host names, then the key: "github.com ssh-ed25519 AAAA..."),
# not a key to log in with
_KNOWN_HOST_BEFORE = re.compile(r"(?:^|[\s\"'])[\w,:\[\]*|-]*\.[\w.,:\[\]*|-]+\s+$|^\s*\|1\|\S+\s+$")


def _shipped_key(texts: Mapping[str, str]) -> bool:
    for relpath, text in texts.items():
        if "AAAA" not in text or PurePosixPath(relpath).name.startswith("known_hosts"):
            continue
        for m in _PUBLIC_KEY.finditer(text):
            before = text[text.rfind("\n", 0, m.start()) + 1 : m.start()]
            if not _KNOWN_HOST_BEFORE.search(before):
                return True
    return False


_DOCUMENTS = (".md", ".markdown", ".txt", ".rst")


def _commands(relpath: str, text: str) -> Iterator[tuple[int, str]]:
    """The lines of a file that can run: every line of a script, a Markdown file's fenced blocks."""
    if PurePosixPath(relpath).suffix.lower() not in _DOCUMENTS:
        yield from _lines(text)
        return
    for start, end in fenced_spans(text):
        first = text.count("\n", 0, start) + 1
        yield from enumerate(text[start:end].split("\n"), first)


def _writes(text: str) -> re.Pattern[str]:
    """What a line of ``text`` that writes into authorized_keys looks like: the path's words, or
    a name the text gives the path (``>> "$ak"``, ``File.open(@auth, 'a')``, ``open(ak, "a")``)."""
    names = {m.group("name") for m in _HOLDS_PATH.finditer(text)} - _NOT_NAMES
    uses = ["authorized_keys"]
    for name in sorted(names):
        bare = name.lstrip("@$")
        if name[0] == "@":  # Ruby's instance variable
            uses.append(rf"@{re.escape(bare)}(?!\w)")
        else:  # a variable of shell, PowerShell, Perl ($ak) or a name in code (ak)
            uses.append(rf"\$\{{?{re.escape(bare)}\}}?(?!\w)")
            if name[0] != "$":
                uses.append(rf"(?<![\w$@.]){re.escape(bare)}(?!\w)")
    return re.compile(_WRITE_VERBS.format(target=f"(?:{'|'.join(uses)})"), re.IGNORECASE)


_NOT_NAMES = {"path", "file", "name", "src", "source", "dest", "target", "p", "f"}  # reused for other paths


def _authorized_keys(texts: Mapping[str, str]) -> Iterator[Finding]:
    if not any("authorized_keys" in t for t in texts.values()):
        return
    shipped = _shipped_key(texts)
    for relpath, text in sorted(texts.items()):
        if "authorized_keys" not in text:
            continue
        script = PurePosixPath(relpath).suffix.lower() not in _DOCUMENTS
        # the keys of a forge account the script itself fetches (a comment elsewhere exempts nothing)
        served = script and _DOWNLOADS.search(text) is not None and not _FORGE_KEYS.search(text)
        if not (shipped or served):
            continue
        writes = _writes(text)
        for number, line in _commands(relpath, text):
            if writes.search(line):
                yield finding(
                    "persistence",
                    relpath,
                    number,
                    excerpt(line),
                    why=(
                        "It writes into authorized_keys and the skill ships a whole SSH public key: "
                        "whoever holds the private half can log in to this machine from then on."
                        if shipped
                        else "It writes into authorized_keys in a script that downloads: keys served "
                        "from a host the skill names can log in to this machine from then on."
                    ),
                )
                break


def _trust_anchors(texts: Mapping[str, str]) -> Iterator[Finding]:
    shipped = {
        PurePosixPath(relpath).name
        for relpath, text in texts.items()
        if _CERTIFICATE in text
        and PurePosixPath(relpath).suffix.lower() in _CERT_SUFFIXES
        and _WHOLE_CERTIFICATE.search(text)
    }
    if not shipped and not any(_CERTIFICATE in text for text in texts.values()):
        return  # no certificate in the skill to install
    for relpath, text in sorted(texts.items()):
        lower = text.lower()
        if (
            PurePosixPath(relpath).name in shipped
            or not any(w in lower for w in _TRUST_WORDS)
            or not _TRUST_STORE.search(text)
        ):
            continue
        # a script that writes the certificate out itself (a here-document)
        inline = _CERTIFICATE in text and _WHOLE_CERTIFICATE.search(text) is not None
        if not inline and not any(name in text for name in shipped):
            continue  # it installs some certificate: not one of the skill's
        for number, line in _lines(text):
            if _TRUST_STORE.search(line):
                named = next((n for n in sorted(shipped) if n in text), "written out in this file")
                yield finding(
                    "trust-anchor",
                    relpath,
                    number,
                    excerpt(line),
                    why=(
                        f"It installs a certificate the skill ships ({named}) as one the system trusts: "
                        "whoever holds its key can read and alter the machine's encrypted connections."
                    ),
                )
                break
