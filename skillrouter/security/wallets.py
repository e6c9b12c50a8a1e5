"""Cryptocurrency addresses swapped for the author's, in a skill's code: the ``address-swap`` rule.

A "clipper" watches the clipboard and, whenever a wallet address is copied, puts a fixed one of
its own in its place, so the next payment pasted goes to it; the same trick works on files (an
invoice "normalised" so every BTC or ETH address becomes the author's). The code shows two
things no honest tool needs together: a pattern that matches *any* address of a kind
(``0x[a-fA-F0-9]{40}``, a base58 class such as ``[1-9A-HJ-NP-Za-km-z]``, ``(bc1|[13])``), and
fixed addresses written into the code (string literals of those forms) put where a matched one
was by a substitution: one whose pattern and replacement are in the call
(``re.sub(r"0x[a-fA-F0-9]{40}", "0x9A3f...", text)``), or one that puts in what a collection of
fixed addresses holds (``for pat, repl in _R: text = pat.sub(repl, text)``, ``payment[coin] =
_CANON[coin]``) when the collection holds addresses of two kinds or more, or the file reads and
writes the clipboard (``pyperclip.paste`` / ``copy``, ``pbpaste`` / ``pbcopy``,
``navigator.clipboard``, ``Get-`` / ``Set-Clipboard``, ``xclip``, ``wl-paste`` / ``wl-copy``).

A wallet's validator with example addresses, a donation address, a client that sends to an
address it was given: none of these substitutes a fixed address for a matched one.
"""

from __future__ import annotations

import re

from skillrouter.security.findings import Finding, excerpt, finding

__all__ = ["address_swap_findings"]

# a regular expression (in the code) that matches any address of a kind
_PATTERN_RE = re.compile(
    r"0x\[(?:a-fA-F0-9|0-9a-fA-F|a-f0-9|0-9a-f|0-9A-Fa-f)\]\{40\}"
    r"|A-HJ-NP-Z"  # base58/bech32 classes leave out I and O (and l): no other alphabet does
    r"|\(bc1\|\[13\]\)|\[13\]\[a-km-zA-HJ-NP-Z1-9\]"
)
# a fixed address in a string literal
_LITERAL_RE = re.compile(
    r"""(?P<q>["'])(?P<address>bc1[02-9ac-hj-np-z]{38,58}|[13][1-9A-HJ-NP-Za-km-z]{25,34}|0x[a-fA-F0-9]{40}"""
    r"""|T[1-9A-HJ-NP-Za-km-z]{33}|[1-9A-HJ-NP-Za-km-z]{43,44})(?P=q)"""
)
_CLIPBOARD_READ_RE = re.compile(
    r"pyperclip\.paste\b|\bpbpaste\b|clipboard\.readText\b|\bGet-Clipboard\b|\bxclip\b[^\n]*-o\b|\bxsel\b[^\n]*-o\b"
    r"|\bwl-paste\b|clipboard\.paste\s*\(|GetClipboardData\b"
)
_CLIPBOARD_WRITE_RE = re.compile(
    r"pyperclip\.copy\b|\bpbcopy\b|clipboard\.writeText\b|\bSet-Clipboard\b|\bxclip\b[^\n]*-selection\b"
    r"|\bwl-copy\b|clipboard\.copy\s*\(|SetClipboardData\b"
)
_COLLECTION_RE = re.compile(r"^[ \t]*(?:const|let|var)?[ \t]*(\w+)\s*(?::[^=\n]+)?=\s*[\[{(]", re.MULTILINE)
_KIND = (("btc", re.compile(r"bc1|[13]")), ("eth", re.compile(r"0x")), ("trx", re.compile(r"T")))


def _kind(address: str) -> str:
    for name, prefix in _KIND:
        if prefix.match(address):
            return name
    return "base58"


def _collections(text: str) -> dict[str, tuple[int, set[str]]]:
    """Names assigned a literal list, dict or tuple: (offset, the kinds of the fixed addresses in it)."""
    found: dict[str, tuple[int, set[str]]] = {}
    for m in _COLLECTION_RE.finditer(text):
        depth, end = 0, m.end() - 1
        for end in range(m.end() - 1, min(len(text), m.end() + 4000)):
            depth += {"[": 1, "{": 1, "(": 1, "]": -1, "}": -1, ")": -1}.get(text[end], 0)
            if depth == 0:
                break
        body = text[m.end() - 1 : end + 1]
        kinds = {_kind(a.group("address")) for a in _LITERAL_RE.finditer(body)}
        if kinds:
            found[m.group(1)] = (m.start(1), kinds)
    return found


def _put_in(text: str, name: str) -> bool:
    """Whether a substitution puts what ``name`` holds in: ``x[...] = name[...]``, or a ``.sub`` /
    ``.replace`` whose replacement is a variable of a loop over it (within the loop's next lines)."""
    if re.search(rf"\]\s*=\s*{re.escape(name)}\s*\[", text):
        return True
    for loop in re.finditer(rf"\bfor\b\s*\(?(?P<vars>[^\n]*?)\b(?:in|of)\s+{re.escape(name)}\b[^\n]*", text):
        names = set(re.findall(r"\w+", loop.group("vars"))) - {"const", "let", "var", "for"}
        window = "\n".join(text[loop.end() :].split("\n")[1:7])
        for call in _REPLACEMENT_RE.finditer(window):
            if (call.group("sub") or call.group("replace")) in names:
                return True
    return False


# a substitution's replacement: ``pat.sub(repl, text)``, ``s.replace(old, repl)``
_REPLACEMENT_RE = re.compile(
    r"\.sub\s*\(\s*(?P<sub>\w+)\s*,|\.replace(?:All)?\s*\([^,()\n]+,\s*(?P<replace>\w+)\s*\)"
)
# a pattern and a fixed address in one substitution: ``re.sub(r"0x[a-fA-F0-9]{40}", "0x9A3f...", s)``
_DIRECT_RE = re.compile(
    r"\.(?:sub|replace|replaceAll)\s*\([^\n]*?(?:0x\[|A-HJ-NP-Z)[^\n]*?[\"'](?:bc1|0x|T|[13])\w{25,}[\"']"
)


def _line_of(text: str, offset: int) -> tuple[int, str]:
    number = text.count("\n", 0, offset) + 1
    start = text.rfind("\n", 0, offset) + 1
    end = text.find("\n", offset)
    return number, text[start : end if end >= 0 else len(text)]


def address_swap_findings(relpath: str, text: str) -> list[Finding]:
    """The ``address-swap`` rule (see the module docstring) on one code file's text."""
    if not _PATTERN_RE.search(text) or not _LITERAL_RE.search(text):
        return []
    clipboard = bool(_CLIPBOARD_READ_RE.search(text) and _CLIPBOARD_WRITE_RE.search(text))
    where = "the clipboard" if clipboard else "what it edits"
    if direct := _DIRECT_RE.search(text):
        number, line = _line_of(text, direct.start())
        why = f"The script replaces any address it matches in {where} with a fixed one written into it."
        return [finding("address-swap", relpath, number, excerpt(line), why=why + _PAID)]
    for name, (offset, kinds) in _collections(text).items():
        if (len(kinds) >= 2 or clipboard) and _put_in(text, name):
            number, line = _line_of(text, offset)
            why = (
                f"The script replaces any {', '.join(sorted(kinds))} address it matches in {where} with "
                f"fixed ones written into it ({name})."
            )
            return [finding("address-swap", relpath, number, excerpt(line), why=why + _PAID)]
    return []


_PAID = " A payment made to the address afterwards goes to the script's author."
