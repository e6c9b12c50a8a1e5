"""PowerShell in a skill read as PowerShell: :mod:`.pyflow`'s flows, for ``.ps1``/``.psm1``.

Each file is parsed with tree-sitter (nothing runs) and walked in order; a function's body is
walked where it is defined and again at each call with the values it is given (three calls deep).
PowerShell's expressions nest a dozen grammar levels deep, so a statement's expression is read as
its text with the variables it names resolved:

- **Values**: variables as assigned (``$x = ...``, ``$script:x``), strings with their ``$var`` and
  ``$env:HOME``/``$env:USERPROFILE``/``~`` expanded, backslashes read as slashes.
- **Taint** starts where a credential store is read (``Get-Content``, ``gc``, ``Copy-Item``,
  ``Compress-Archive``, ``[IO.File]::ReadAll*`` on a path naming one), the whole environment is
  listed (``Get-ChildItem env:``, ``[Environment]::GetEnvironmentVariables()``), the clipboard is
  read, or a vault is asked (``cmdkey``, ``Get-StoredCredential``); data fetched (``Invoke-WebRequest``,
  ``DownloadString``) or decoded at run time (``FromBase64String``, a ``GZipStream``, ``[char]``
  codes joined) is marked as such. Taint follows variables, pipelines and function arguments.
- **Sinks**: a web request, mail, BITS transfer, upload method (``UploadString``, ``PostAsync``) or
  DNS lookup given a secret is ``exfiltration``; ``Invoke-Expression``/``iex``,
  ``[scriptblock]::Create`` or ``powershell -EncodedCommand`` running what was fetched is
  ``remote-exec``, what was decoded ``obfuscated-exec``; a command that fetches or decodes written
  into ``$PROFILE`` or another start-up file, a scheduled task or a ``Run`` registry key is
  ``persistence``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from skillrouter.security.findings import Finding
from skillrouter.security.indicators import installer_url
from skillrouter.security.pyflow import (
    DECODED,
    FETCHED,
    FETCHES_OR_DECODES,
    SECRET,
    STARTUP_FILE,
    UNKNOWN,
    Value,
    _credential,
    _join,
)
from skillrouter.security.tree import node_text as _text
from skillrouter.security.tree import script_flows

__all__ = ["is_powershell", "powershell_findings"]

SUFFIXES = (".ps1", ".psm1", ".psd1")
ALIASES = {
    "iex": "invoke-expression",
    "iwr": "invoke-webrequest",
    "irm": "invoke-restmethod",
    "curl": "invoke-webrequest",
    "wget": "invoke-webrequest",
    "curl.exe": "invoke-webrequest",
    "gc": "get-content",
    "cat": "get-content",
    "type": "get-content",
    "ac": "add-content",
    "sc": "set-content",
    "cpi": "copy-item",
    "copy": "copy-item",
    "cp": "copy-item",
    "gci": "get-childitem",
    "%": "foreach-object",
    "foreach": "foreach-object",
    "dir": "get-childitem",
    "ls": "get-childitem",
    "gcb": "get-clipboard",
    "saps": "start-process",
    "start": "start-process",
    "nslookup": "resolve-dnsname",
    "pwsh": "powershell",
    "powershell.exe": "powershell",
    "pwsh.exe": "powershell",
}
READERS = frozenset({"get-content", "copy-item", "compress-archive", "get-childitem", "import-clixml"})
SENDERS = frozenset(
    {"invoke-webrequest", "invoke-restmethod", "send-mailmessage", "start-bitstransfer", "resolve-dnsname"}
)
WRITERS = frozenset({"add-content", "set-content", "out-file"})
SECRET_SOURCE = re.compile(
    r"\bGet-Clipboard\b|\bgcb\b|Clipboard\]::GetText|\bcmdkey\s+/list\b|\bGet-StoredCredential\b|\bvaultcmd\b"
    r"|PasswordVault\b|GetEnvironmentVariables\s*\(|\b(?:Get-ChildItem|gci|dir|ls)\s+env:|\bGet-Item\s+env:\*"
    r"|\bConvertFrom-SecureString\b|GetNetworkCredential\s*\(\s*\)\s*\.Password",
    re.IGNORECASE,
)
FETCH_SOURCE = re.compile(
    r"\.Download(?:String|Data|File)\w*\b|\b(?:Invoke-WebRequest|iwr|Invoke-RestMethod|irm)\b"
    r"|\bGetString(?:Async)?\s*\(\s*['\"]https?:|\bGet(?:StringAsync|ByteArrayAsync)\s*\(",
    re.IGNORECASE,
)
DECODE_SOURCE = re.compile(
    r"FromBase64String|GZipStream|DeflateStream|-join\s*\(?\s*\[char|\[char\]\s*\(?\s*\d|-bxor\b"
    r"|\[char\[\]\]|\.Reverse\(|\[array\]::Reverse",
    re.IGNORECASE,
)
READ_CALL = re.compile(
    r"ReadAll(?:Text|Bytes|Lines)\s*\(|\bGet-Content\b|\bgc\b|\bcat\b|\btype\b", re.IGNORECASE
)
SEND_METHOD = re.compile(
    r"\.(?:Upload(?:String|Data|File|Values)(?:Async)?|PostAsync|PutAsync|SendAsync|Send(?:Mail)?)\s*\("
    r"|\[(?:System\.)?Net\.Dns\]::(?:GetHostAddresses|GetHostEntry|Resolve)\w*\s*\(",
    re.IGNORECASE,
)
SCRIPTBLOCK = re.compile(r"\[scriptblock\]::Create\s*\(|\$ExecutionContext\.InvokeCommand", re.IGNORECASE)
ENCODED = re.compile(r"\s-(?:e|ec|enc|encodedcommand)\s+['\"]?[A-Za-z0-9+/]{16,}={0,2}", re.IGNORECASE)
SCHEDULE = re.compile(
    r"\bRegister-ScheduledTask\b|\bNew-ScheduledTaskAction\b|\bschtasks(?:\.exe)?\s+/create\b"
    r"|CurrentVersion[/\\]+Run(?:Once)?\b",
    re.IGNORECASE,
)
# a script block that dot-sources or calls the item it is handed (ForEach-Object { . $_.FullName })
_RUNS_ITEM = re.compile(r"(?:^|[\s=({;])[.&]\s+\$(?:_|PSItem)\b", re.IGNORECASE)
VARIABLE = re.compile(r"\$\{?((?:script:|global:|local:|private:)?\w+)\}?")
MAX_DEPTH = 3


def is_powershell(relpath: str) -> bool:
    return relpath.lower().endswith(SUFFIXES)


def powershell_findings(texts: Mapping[str, str]) -> list[Finding]:
    """The flows of a skill's PowerShell files (relative path -> text; other files are ignored)."""

    def read(root: Any) -> list[tuple[str, int, str]]:
        script = _Script()
        script.walk(root)
        return script.found

    return script_flows(texts, "powershell", is_powershell, lambda _: "powershell", read)


def _var(name: str) -> str:
    return re.sub(r"^(?:script|global|local|private):", "", name.lower())


class _Script:
    def __init__(self) -> None:
        self.env: dict[str, Value] = {"home": Value(("~",)), "profile": Value(("$PROFILE",))}
        self.functions: dict[str, tuple[list[str], Any]] = {}
        self.secret_files: set[str] = set()
        self.downloads: set[str] = set()  # files a download wrote (-OutFile), folded, and their folders
        self.found: list[tuple[str, int, str]] = []
        self.depth = 0

    def report(self, rule: str, node: Any, why: str) -> None:
        self.found.append((rule, int(node.start_point[0]) + 1, why))

    # ------------------------------------------------------------ statements

    def walk(self, node: Any) -> None:
        for child in node.named_children:
            kind = child.type
            if kind == "pipeline":
                self.pipeline(child)
            elif kind == "function_statement":
                self.function(child)
            elif kind == "foreach_statement":
                self.foreach(child)
            else:
                self.walk(child)

    def function(self, node: Any) -> None:
        name = next((c for c in node.named_children if c.type == "function_name"), None)
        params = [
            _var(_text(v)[1:])
            for p in node.named_children
            if p.type in ("function_parameter_declaration", "script_block")
            for v in _descendants(p, "script_parameter")
        ]
        body = next((c for c in node.named_children if c.type == "script_block"), None)
        if name is None or body is None:
            return
        self.functions[_text(name).lower()] = (params, body)
        self.walk(body)  # where it is defined, its parameters unknown

    def foreach(self, node: Any) -> None:
        """``foreach ($step in $fetched.steps) { ... }``: the loop's variable holds what the
        collection holds (its items, their fields), then the body is walked."""
        variable = next((c for c in node.named_children if c.type == "variable"), None)
        collection = next((c for c in node.named_children if c.type == "pipeline"), None)
        if variable is not None and collection is not None:
            found = VARIABLE.search(_text(variable))
            if found:
                self.env[_var(found.group(1))] = self.pipeline(collection)
        for child in node.named_children:
            if child.type != "pipeline":
                self.walk(child)

    def pipeline(self, node: Any) -> Value:
        assignment = next((c for c in node.named_children if c.type == "assignment_expression"), None)
        if assignment is not None:
            left = next(
                (c for c in assignment.named_children if c.type == "left_assignment_expression"), None
            )
            right = next((c for c in assignment.named_children if c.type == "pipeline"), None)
            value = self.pipeline(right) if right is not None else self.expression(assignment)
            if left is not None:
                found = VARIABLE.search(_text(left))
                if found:
                    self.env[_var(found.group(1))] = value
            return value
        flowing = UNKNOWN
        for chain in node.named_children:
            stages = chain.named_children if chain.type == "pipeline_chain" else [chain]
            for stage in stages:
                flowing = self.stage(stage, flowing)
        return flowing

    def stage(self, node: Any, stdin: Value) -> Value:
        if node.type == "command":
            return self.command(node, stdin)
        for inner in _descendants(node, "pipeline"):  # a sub-expression's own statements
            self.pipeline(inner)
        return self.expression(node)

    # ------------------------------------------------------------ values

    def expression(self, node: Any) -> Value:
        """What an expression holds: its text's strings with variables expanded, and the taint of
        what it reads, fetches, decodes and of the variables it names."""
        text = _text(node)
        alone = VARIABLE.fullmatch(text.strip())
        if alone and _var(alone.group(1)) in self.env:
            return self.env[_var(alone.group(1))]
        taint: set[str] = set()
        for m in VARIABLE.finditer(text):
            held = self.env.get(_var(m.group(1)))
            if held is not None:
                taint |= held.taint
        strings = tuple(self.fold(s) for s in _literals(text)) or (self.fold(text),)
        if SECRET_SOURCE.search(text) or (
            READ_CALL.search(text) and _credential(Value(strings + (self.fold(text),)))
        ):
            taint.add(SECRET)
        if FETCH_SOURCE.search(text):
            taint.add(FETCHED)
        if DECODE_SOURCE.search(text):
            taint.add(DECODED)
        value = Value(strings[:16], None, frozenset(taint))
        self.sinks_in(node, text, value)
        return value

    def fold(self, text: str) -> str:
        def expand(m: re.Match[str]) -> str:
            name = _var(m.group(1))
            if name.startswith("env:"):
                env = name[4:]
                return "~" if env in ("home", "userprofile") else ("~/AppData" if "appdata" in env else "*")
            held = self.env.get(name)
            return held.strings[0] if held is not None and held.strings else "*"

        folded = re.sub(r"\$\{?(env:\w+|(?:script:|global:)?\w+)\}?", expand, text)
        return folded.replace("\\", "/")

    def sinks_in(self, node: Any, text: str, value: Value) -> None:
        """Sinks written as .NET calls inside an expression."""
        if SEND_METHOD.search(text) and value.tainted(SECRET):
            self.report("exfiltration", node, "sends secrets read from a credential store out")
        if SCRIPTBLOCK.search(text):
            self.execution(node, value, "a script block made from")

    def execution(self, node: Any, value: Value, how: str) -> None:
        if value.tainted(FETCHED):
            self.report("remote-exec", node, f"runs {how} code it downloads")
        elif value.tainted(DECODED):
            self.report("obfuscated-exec", node, f"runs {how} data decoded at run time")

    # ------------------------------------------------------------ commands

    def command(self, node: Any, stdin: Value) -> Value:
        name_node = node.child_by_field_name("command_name") or next(
            (c for c in node.named_children if c.type == "command_name"), None
        )
        elements = next((c for c in node.named_children if c.type == "command_elements"), None)
        parts = [
            c
            for c in (elements.named_children if elements is not None else [])
            if c.type != "command_argument_sep"
        ]
        args = [self.expression(p) for p in parts if p.type != "command_parameter"]
        flags = [_text(p).lower() for p in parts if p.type == "command_parameter"]
        invoked = next((c for c in node.named_children if c.type == "command_name_expr"), None)
        if invoked is not None:  # & ([scriptblock]::Create($x)): what is invoked is an expression
            ran = self.expression(invoked)
            if self.downloads & set(ran.strings):  # . $downloaded, & $downloaded
                self.report("remote-exec", node, "runs a script it downloaded (-OutFile)")
        raw = _text(name_node) if name_node is not None else ""
        name = ALIASES.get(raw.lower(), raw.lower())
        line = _text(node)
        given = _join([stdin, *args])
        out = Value(given.strings, None, given.taint)
        if name in self.functions and self.depth < MAX_DEPTH:
            return self.call(name, args)
        if name == "join-path" and args:
            # a part fetched at run time ($item.file of a downloaded manifest) is any name
            joined = "/".join(a.strings[0] if a.strings and not a.tainted(FETCHED) else "*" for a in args)
            return Value((joined,), None, given.taint)
        if name in READERS and (
            any(_credential(a) for a in args) or any(s in self.secret_files for a in args for s in a.strings)
        ):
            out = Value(out.strings, None, out.taint | {SECRET})
            if name in ("copy-item", "compress-archive") and len(args) >= 2:
                self.secret_files.update(args[-1].strings)
        if SECRET_SOURCE.search(line):
            out = Value(out.strings, None, out.taint | {SECRET})
        if (
            name in ("invoke-webrequest", "invoke-restmethod")
            and "-outfile" in flags
            and not _installer(args)
        ):
            self.downloaded(parts)
        if name == "foreach-object" and self.downloads and _RUNS_ITEM.search(line):
            # Get-ChildItem $folder -Filter *.ps1 | ForEach-Object { . $_.FullName }: each file there runs
            listed = {s.rstrip("/") for s in stdin.strings}
            if listed & self.downloads:
                self.report("remote-exec", node, "runs each script of a folder it downloads into (-OutFile)")
        if name in ("invoke-webrequest", "invoke-restmethod") and "-outfile" not in flags:
            if given.tainted(SECRET) or any(s in self.secret_files for a in args for s in a.strings):
                self.report(
                    "exfiltration", node, f"sends secrets read from a credential store out through {raw}"
                )
            if not _installer(
                args
            ):  # a vendor's installer from its own host (get.scoop.sh): judged as shell's
                out = Value(out.strings, None, out.taint | {FETCHED})
        elif name in SENDERS and (
            given.tainted(SECRET) or any(s in self.secret_files for a in args for s in a.strings)
        ):
            self.report("exfiltration", node, f"sends secrets read from a credential store out through {raw}")
        if name == "invoke-expression":
            self.execution(node, given, "")
        line = f"{line}\n{self.fold(line)}"  # "-Enc $p" read with what $p holds
        if name in ("powershell", "start-process") and ENCODED.search(" " + line):
            self.report("obfuscated-exec", node, "runs a command given base64-encoded (-EncodedCommand)")
        if name in WRITERS or name == "tee-object":
            self.wrote(node, args, stdin, flags)
        if SCHEDULE.search(line) and (FETCHES_OR_DECODES.search(line) or ENCODED.search(" " + line)):
            self.report(
                "persistence", node, "registers a task or a Run key that fetches or decodes at log-on"
            )
        return out

    def downloaded(self, parts: list[Any]) -> None:
        """Remember the file ``-OutFile`` names (folded: ``$dest`` as what it holds) and its folder."""
        for i, part in enumerate(parts[:-1]):
            if part.type == "command_parameter" and _text(part).lower() == "-outfile":
                for path in self.expression(parts[i + 1]).strings:
                    path = path.rstrip("/")
                    if path and path != "*":
                        self.downloads.add(path)
                        if "/" in path:
                            self.downloads.add(path.rsplit("/", 1)[0])

    def call(self, name: str, args: list[Value]) -> Value:
        params, body = self.functions[name]
        saved = {p: self.env.get(p) for p in params}
        for p, a in zip(params, args):
            self.env[p] = a
        self.depth += 1
        try:
            before = len(self.found)
            self.walk(body)
            returned = _join([a for a in args if a.taint]) if len(self.found) == before else UNKNOWN
        finally:
            self.depth -= 1
            for p, v in saved.items():
                if v is None:
                    self.env.pop(p, None)
                else:
                    self.env[p] = v
        return returned

    def wrote(self, node: Any, args: list[Value], stdin: Value, flags: list[str]) -> None:
        if not args:
            return
        target, content = args[0], _join([*args[1:], stdin])
        fetches = content.tainted(FETCHED, DECODED) or any(
            FETCHES_OR_DECODES.search(s) for s in content.strings
        )
        for where in target.strings:
            if (STARTUP_FILE.search(where) or "$profile" in where.lower()) and fetches:
                self.report("persistence", node, f"writes a command that fetches or decodes into {where}")
                return
            if content.tainted(SECRET):
                self.secret_files.add(where)


def _descendants(node: Any, kind: str) -> list[Any]:
    out = []
    for child in node.named_children:
        if child.type == kind:
            out.append(child)
        else:
            out += _descendants(child, kind)
    return out


def _literals(text: str) -> list[str]:
    """The string literals of an expression's text (single- and double-quoted, here-strings)."""
    return [a or b for a, b in re.findall(r'"((?:[^"`]|`.)*)"|\'((?:[^\']|\'\')*)\'', text) if a or b]


def _installer(args: list[Value]) -> bool:
    """Whether a download's address is on a known installer host (``indicators.toml``): a vendor's
    install script from its own host is how Windows tools install too (``irm get.scoop.sh | iex``)."""
    urls = [s for a in args for s in a.strings if s.startswith(("http://", "https://"))]
    return bool(urls) and all(installer_url(u) for u in urls)
