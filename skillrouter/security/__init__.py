"""The security gate: screening skills before an agent is allowed to follow them.

A skill is text an agent will obey, so a skill is screened like untrusted code, and screened
the way the agent reads it: the whole rendered ``SKILL.md`` (every front-matter field, nested
``metadata`` included) and every Level 2 file. Nothing is ever executed.

    from skillrouter.security import admit
    admission = admit("community", Path("skills/new-skill"))   # or a SkillView of texts
    admission.verdict                  # Verdict(action="quarantine", ...)
    admission.status                   # "quarantined"; None when the write is refused

The package reads top to bottom as **view -> analyzers -> policy**:

- :mod:`~skillrouter.security.admission`: the one way in: :func:`admit` reads a skill (a
  folder or a view), runs the analyzers, asks the review model when one is configured
  (:class:`Reviewer`) and judges the findings by the policy; import, ``add``, the agent's
  writes, refresh and an import's dry run all call it, and nothing else calls the scanner;
- :mod:`~skillrouter.security.view`: a skill read once (:class:`SkillView`: every file read and
  its kind known; symlinks, binaries and sizes checked), from a folder or from text;
- :mod:`~skillrouter.security.scan`: the analyzers over a view, cached by content hash
  (:func:`analyze`), :func:`scan_skill` (a skill as the agent reads it) and :func:`scan_text` (one
  file); :mod:`~skillrouter.security.folder`: :func:`scan_skill_folder` (a folder on disk) and
  :func:`scan_bytes`;
- :mod:`~skillrouter.security.policy`: what the findings mean (below).

The analyzers' modules, one concern each:

- :mod:`~skillrouter.security.commands`: command rules per logical line (``exfiltration``,
  ``destructive-shell``, ``persistence``), applied to every line, fenced code and inline code;
- :mod:`~skillrouter.security.prose`: sentence-level intent (secrets out, persistence,
  ``safety-bypass``, ``tampering``, ``concealment``) written in words, over the blocks of
  :mod:`~skillrouter.security.units` (the ``exfiltration`` sentence logic is
  :mod:`~skillrouter.security.exfiltration`; what a whole section says, a procedure read item by
  item, is :mod:`~skillrouter.security.sections`);
- the lexicons, data apart from the engines that apply them:
  :mod:`~skillrouter.security.lexicon_commands` (the command rules' shapes),
  :mod:`~skillrouter.security.lexicon_secrets` (secrets, destinations, moving verbs, start-up
  mechanisms, payloads), :mod:`~skillrouter.security.lexicon_safety` (safety bypass,
  authority claims, concealment, tampering targets) and :mod:`~skillrouter.security.lexicon_lures`,
  each prose pattern behind the word gates of
  :mod:`~skillrouter.security.gates`;
- :mod:`~skillrouter.security.droppers` and :mod:`~skillrouter.security.lures`: what real
  registry malware tells agents to run, as commands (``obfuscated-exec``: a blob decoded into a
  shell or ``eval``; ``remote-exec``: a paste site's or a bare IP's script piped into a shell, a
  fetch run from code) and in prose, English and Chinese (``download-exec``: an archive or
  program downloaded and run, a password on it; ``remote-exec``: a page's command to paste into a
  terminal; ``self-replication``);
- :mod:`~skillrouter.security.supply`: where packages come from (``untrusted-index``: a package
  manager pointed at an index that is neither official nor a known mirror; an install hook that
  downloads), over the hosts of :mod:`~skillrouter.security.indicators` (``indicators.toml``:
  indicators as data, versioned, extended by a user's file without a release);
- :mod:`~skillrouter.security.pyflow`, :mod:`~skillrouter.security.jsflow`,
  :mod:`~skillrouter.security.shflow` and :mod:`~skillrouter.security.psflow`: a skill's Python
  (across its files, with :mod:`ast`), JavaScript/TypeScript, shell and PowerShell (tree-sitter)
  read as code: values followed from credential stores and the environment to network sends
  (DNS lookups built from a secret included), from downloads and decoded blobs to execution, and
  fetching commands into start-up files (``exfiltration``, ``remote-exec``, ``obfuscated-exec``,
  ``persistence``); the scripts of HTML and SVG pages (``<script>`` and ``on...=`` handlers) the
  same way, the browser's stores counted as secrets (``active-content``). Code in other languages
  (Ruby, PHP, Go ...) is read by the command rules only, line by line, and by the review model;
- :mod:`~skillrouter.security.analyzers`: the registry third-party analyzers join (entry points
  ``skillrouter.analyzers``: docs/extending.md);
- :mod:`~skillrouter.security.configs`: an MCP configuration handing other services' keys to a
  remote server;
  :mod:`~skillrouter.security.wallets`: ``address-swap``, fixed wallet addresses put where
  matched ones were (a clipboard clipper, an invoice "normaliser");
- :mod:`~skillrouter.security.injection`: injection phrases and hidden HTML-comment instructions;
- :mod:`~skillrouter.security.unicode`: ``hidden-unicode``, and words spelled in invisible Unicode tag
  characters (``prompt-injection``);
- :mod:`~skillrouter.security.markdown`: the document as blocks, fields, code spans, sentences;
- :mod:`~skillrouter.security.mentions`: where the text says a command is only mentioned;
- :mod:`~skillrouter.security.policy`: trust levels, the policy table, :func:`decide` and
  :func:`judge` (what a write does: only findings a change introduces count);
- :mod:`~skillrouter.security.gate`: a ``Skill`` screened before it is stored (the agent's
  drafts), through :func:`admit`;
- :mod:`~skillrouter.security.review`: an optional second opinion by a chat model.

Where it is applied: ``Store.add`` admits every staged folder and ``Store`` admits every change
a refresh finds, so every way in (import, ``add``, the agent, ``restore``, hand edits) passes
the same gate (:func:`admit`; the store's ``reviewer`` is the review model, when one is set);
see :mod:`skillrouter.store`. The scanning modules load on first use (this
package's ``__getattr__``), so the store, which needs only the policy, starts quickly.

Every :class:`Finding` carries a severity (``caution`` or ``dangerous``) and one sentence a person
can judge (:attr:`Finding.explanation`): cautions are ``hidden-unicode``, ``symlink``,
``oversize-file``, non-executable binaries under ``scripts/`` and ``concealment`` alone; everything
else is dangerous (``RULE_SEVERITY``). The policy table (why one caution does not quarantine a
community skill: :mod:`~skillrouter.security.policy`):

=============== ========= ============ ============ ============
trust level      clean     caution      combined     dangerous
=============== ========= ============ ============ ============
builtin          allow     allow        allow        quarantine
trusted          allow     allow        allow        quarantine
community        allow     allow        quarantine   quarantine
agent-created    allow     quarantine   quarantine   reject
=============== ========= ============ ============ ============

(``combined``: cautions of two or more rules.)

False-positive policy. Real libraries are full of security skills that *describe* attacks and
devops skills that legitimately run ``crontab -e``, ``rm -rf node_modules``, ``curl ... | bash``
installers or ``export PATH`` lines in ``~/.bashrc``. Rules need the dangerous *shape* (a
secret *and* a destination, a start-up file *and* a payload), and a command or instruction is
only a mention where the text says so (:mod:`~skillrouter.security.mentions`). Known limits: a
rule reads one line, sentence or block at a time (a file filled with secrets carries its taint
to later sentences, nothing else does); the scan is a first gate, not a sandbox.
"""

from typing import TYPE_CHECKING

from skillrouter.security.findings import RULE_SEVERITY, RULES, SEVERITIES, Finding, Severity
from skillrouter.security.policy import (
    DEFAULT_TRUST_LEVEL,
    POLICY,
    TRUST_LEVELS,
    Action,
    Admission,
    TrustLevel,
    Verdict,
    check_trust_level,
    decide,
    judge,
    severity_of,
)

if TYPE_CHECKING:
    from skillrouter.security.admission import Reviewer, admit
    from skillrouter.security.folder import scan_bytes, scan_skill_folder
    from skillrouter.security.scan import scan_skill, scan_text

# The scanner's rules compile hundreds of expressions: they load on first use, so the store
# (which needs only the policy) and a plain ``skillrouter route`` start quickly.
_LAZY = {
    "admit": "skillrouter.security.admission",
    "Reviewer": "skillrouter.security.admission",
    "scan_bytes": "skillrouter.security.folder",
    "scan_skill_folder": "skillrouter.security.folder",
    "scan_skill": "skillrouter.security.scan",
    "scan_text": "skillrouter.security.scan",
}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'skillrouter.security' has no attribute {name!r}")


__all__ = [
    "DEFAULT_TRUST_LEVEL",
    "POLICY",
    "RULES",
    "RULE_SEVERITY",
    "SEVERITIES",
    "TRUST_LEVELS",
    "Action",
    "Admission",
    "Finding",
    "Reviewer",
    "Severity",
    "TrustLevel",
    "Verdict",
    "admit",
    "check_trust_level",
    "decide",
    "judge",
    "scan_bytes",
    "scan_skill",
    "scan_skill_folder",
    "scan_text",
    "severity_of",
]
