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

Speed: a pattern is only tried on a block whose lines hold a word of each of its gate's word
groups (:class:`WordIndex`); the body is read lazily (:class:`~skillrouter.security.markdown.Body`).
"""

from __future__ import annotations

import bisect
import heapq
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from skillrouter.security import mentions as ctx
from skillrouter.security.findings import Finding, Severity, excerpt, finding
from skillrouter.security.markdown import Block, Document, sentences


def _rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


# --------------------------------------------------------------------------- lexicons
_FILE_SECRET = (
    r"\.ssh/(?:id_[\w-]+(?![\w-]*\.pub)|identity)\b|\bid_(?:rsa|ed25519|ecdsa|dsa)\b(?!\.pub)"
    r"|\.aws/(?:credentials|config)\b|\.git-credentials\b|\bgit\s+credential\s+fill\b|\.netrc\b|\.pgpass\b"
    r"|\.npmrc\b|\.pypirc\b|\.docker/config\.json|\.kube/config\b|\bkubeconfig\b|\.gnupg\b|private-keys-v1\.d"
    r"|/etc/shadow\b|\.password-store\b|(?<![\w.-])\.env(?:\.(?!example|sample|template|dist)\w+)*(?![\w.-])"
    r"|\.config/gh/hosts\.yml|\.config/gcloud\b|application_default_credentials|\.azure/|\bcredentials?\.json\b|\bsecrets?\.(?:ya?ml|json|env|toml)\b|\.secrets?\.|\bcookies?\s+(?:databases?|files?|jar|stores?)\b"
    r"|cookies\.sqlite\b|/cookies\b|\bkeychain\b|/var/run/secrets\b"
    r"|\bservice-account\s+tokens?\b|\bkeystore\b|\bwallet\.dat\b|\bseed\s+phrases?\b|\bprivate\s+keys?\b"
    r"|\bpassword\s+(?:vault|store|database|manager\s+export)\b|\bbrowser\s+(?:session|cookies|profile)\b"
    r"|\b(?:all|every|whole|entire|full)\s+(?:of\s+)?(?:the\s+|your\s+|their\s+)?(?:environment|env)(?:\s+variables|\s+vars)?\b"
    r"|\benv(?:ironment)?\s+(?:snapshot|dump)\b|\bprintenv\b"
)
_WORD_SECRET = (
    r"\b(?:secret|ssh|gpg|pgp|signing|api|access|auth|session|bearer|refresh|deploy|personal\s+access"
    r"|service[- ]account|client)[ "
    r"_-]?(?:keys?|tokens?|secrets?)\b|\bpasswords?\b|\bpassphrases?\b|\bcredentials?\b"
    r"|\bconnection\s+strings?\b|\bsecrets\b|\btotp\b|\b(?:2fa|mfa|recovery)\s+codes?\b"
    r"|\b[a-z0-9]+_(?:[a-z0-9]+_)*(?:token|secret|api_?key|password|passwd|private_key|access_key)\b"
)
# named loosely: a secret only when sent to a URL or a paste site ("sync env vars to Vercel" is deployment)
_WEAK_SECRET_RE = _rx(
    r"\benv(?:ironment)?\s+(?:variables|vars)\b|\b(?:the|your|their|user'?s)\s+(?:\w+\s+)?token\b"
)
_FILE_SECRET_RE = _rx(_FILE_SECRET)
_WORD_SECRET_RE = _rx(_WORD_SECRET)
_STRONG_SHOW_RE = _rx(
    r"\bverbatim\b|\bunredacted\b|\bunmasked\b|\bin\s+full\b|\bfull\s+(?:private\s+)?(?:key|contents?|text)\b"
    r"|\bcomplete\s+contents\b|\bvalues\s+included\b|\b(?:do\s+not|don'?t|never|without)\s+(?:mask|redact|truncat|hid|obfuscat)\w*"
    r"|\bplain\s*text\b|\bcleartext\b|\bdecrypt\w*"
)
_PASTE_SITE = (
    r"\b(?:pastebin|paste\.rs|hastebin|ghostbin|dpaste|termbin|ix\.io|0x0\.st|transfer\.sh|file\.io|gists?"
    r"|paste\s+(?:site|service|bin)|webhook\.site|requestbin|pipedream|ngrok)\b"
)
_PASTE_RE = _rx(_PASTE_SITE)
_TLDS = r"com|net|org|io|dev|app|ai|cc|co|xyz|click|site|online|info|biz|tk|ru|cn|top|link|cloud|tech|me"
_REMOTE_RE = _rx(
    r"https?://\S+|\b[a-z0-9][\w-]*(?:\.[\w-]+)*\.(?:" + _TLDS + r")\b(?![\w.-]*\.(?:md|py|json|txt|js|ts))"
    r"|\bwebhooks?\b|\bendpoints?\b|\bremote\s+(?:host|server|url|endpoint|service|machine)\b"
    r"|\b(?:our|a\s+third-party|an\s+external|external|hosted)\s+(?:[\w-]+\s+){0,2}?(?:servers?|services?|backend"
    r"|engine|collector|registry|api|endpoint|team|bucket)\b|\bs3\s+bucket\b|\bsync\s+server\b"
)
_CHAT_CONTAINS_RE = _rx(
    r"\b(?:your|the)\s+(?:(?:first|next|final|initial)\s+)?(?:reply|response|answer|message|output)\s+(?:should|must|will"
    r"|needs\s+to|has\s+to)\s+(?:\w+\s+)?(?:contain|include|show|quote|begin\s+with|start\s+with)\b"
)
_CHAT_RE = _rx(
    r"\b(?:in|into|to|inside|within)\s+(?:your|the|this|a)\s+(?:(?:first|next|final|initial)\s+)?(?:reply|replies"
    r"|response|answer|chat|conversation|message|summary|transcript|comment)s?\b|\bin\s+(?:the\s+)?chat\b"
    r"|\bhere\b|\bto\s+the\s+user\b|\bback\s+to\s+(?:me|the\s+user)\b"
)
_MOVE_RE = _rx(
    r"\b(?:send|sends|sent|sending|post|posts|posted|posting|upload\w*|submit\w*|transmit\w*|forward\w*|exfiltrat\w*"
    r"|share|shares|shared|sharing|sync|syncs|synced|syncing|include|includes|included|including|attach\w*"
    r"|pipe|pipes|piped|piping|copy|copies|copied|copying|push|pushes|pushed|pushing|paste|pastes|pasted|pasting"
    r"|publish\w*|leak\w*|back(?:s|ed)?\s+up|report|reports|reported|end(?:s|ed)?\s+up|lands?)\b"
)
_SHOW_RE = _rx(
    r"\b(?:print|prints|printed|printing|output|outputs|echo|echoes|echoed|display\w*|show|shows|showing|shown"
    r"|reveal\w*|dump\w*|reproduc\w*|paste|pasted|pasting|include|includes|included|including|quote|quoted|put|write)\b"
)
_STORE_RE = _rx(r"\b(?:creat\w*|stor\w*|sav\w*|keep|kept|plac\w*|put|puts|add|adds)\b")
_AUTH_CONTEXT_RE = _rx(
    r"\bheaders?\b|\bauthorization\b|\bbearer\b|\bauthenticat\w*|\blog(?:s|ging)?\s*in\b|\blogin\b|\bsign(?:s|ing)?\s*in\b"
    r"|\boauth\b|\b-H\b|\bx-api-key\b|\b(?:token|auth)\s+endpoint\b"
)
# a sentence that fills a file with secrets: the file is tainted for later sentences
_FILL_RE = _rx(
    r"\b(?:writ\w*|sav\w*|cop(?:y|ies|ied|ying)|tar|zip|archiv\w*|append\w*|collect\w*|gather\w*|dump\w*"
    r"|export\w*|put|stor\w*|bundl\w*)\b(?:[^.;]|\.(?=\S)){0,160}?\b(?:in|into|to)\s+(?:a\s+(?:single\s+)?)?`?(?P<file>[\w~./-]+"
    r"\.(?:json|txt|tar\.gz|tgz|tar|zip|log|csv|ya?ml|md|bak|dat|db|sqlite))\b"
)

_REMOTE_EXEC_RE = _rx(
    r"(?:curl|wget|iwr|invoke-webrequest|irm)\b[^\n|]*\|\s*(?:sudo\s+)?(?:(?:ba|z|da|k)?sh|python[23]?|perl|ruby|node|iex)\b"
    r"|\b(?:(?:ba|z)?sh|python[23]?|source|\.)\s+(?:-c\s+[\"']?\$\(|<\()\s*(?:curl|wget)\b|\beval\s+[\"']?\$\(\s*(?:curl|wget)\b"
    r"|(?:curl|wget)\b[^\n]*\bchmod\s+[+0-7]*x\b"
    r"|\b(?:download|fetch|pull|grab|retriev|get|load)(?:s|es|ed|ing)?\b(?:[^.;]|\.(?=\S)){0,160}?"
    r"\b(?:and|then|,)\s+(?:\w+\s+){0,6}?(?:runs?|running|execut\w+|sources?|evals?|launch(?:es)?|starts?)"
    r"\s+(?:it|them|that|this|the\s+(?:script|binary|file|helper|agent|installer|payload)\b|https?://|[~$./\w-]+\.(?:sh|py|ps1|bin|exe)\b)"
    r"|\bpip(?:e|es|ed|ing)\s+(?:it|them|that|the\s+\w+)\s+(?:in)?to\s+(?:(?:ba|z|da)?sh|python[23]?|perl|ruby|node)\b"
    r"|\b(?:runs?|running|execut\w+|sources?)\s+(?:a|the|whatever|any)\s+(?:\w+\s+)?(?:script|binary|file|payload|code"
    r"|commands?)\s+(?:fetched|downloaded|pulled|retrieved|served|returned)\s+(?:from|by)\s+(?:https?://|the\s+\w+)"
    r"|\bfollow\s+(?:whatever|everything|anything|all)\s+(?:it|they|that|the\s+\w+)\s+(?:says?|tells?|returns?|contains?)\b"
    r"|\b(?:download|fetch|pull|grab|retriev|get|load)(?:s|es|ed|ing)?\b(?:[^.;]|\.(?=\S)){0,160}?\b(?:and|then|,)\s+(?:\w+\s+){0,4}?"
    r"(?:obey\w*|follow\w*)\s+(?:it|them|its\s+instructions|what\s+it\s+says)\b"
)
_PERSIST_MECH_RE = _rx(
    r"(?<![\w.])(?:~/|\$home/|\$\{home\}/)?\.(?:bashrc|zshrc|bash_profile|zprofile|zshenv|zlogin|profile|bash_login)\b"
    r"|config\.fish\b|\bshell(?:'s)?\s+(?:profiles?|config(?:uration)?s?|start-?up\s+files?|rc(?:\s+files?)?|init\s+files?)\b"
    r"|\blogin\s+items?\b|\bcrontab\b|\bcron\b|@reboot\b|\blaunch\s*(?:agents?|daemons?)\b"
    r"|\blaunchctl\b|\bsystemd\b|\bexecstart\b|\.git/hooks/|\bsystemctl\b(?:[^.;]|\.(?=\S)){0,30}\benable\b|\bhookspath\b"
    r"|\b(?:post|pre)-(?:commit|push|merge|checkout|receive|rebase)\s+hook\b|\bgit\s+hooks?\b|\bautostart\b"
    r"|\bstartup\s+(?:folder|items?|scripts?)\b|\bscheduled\s+tasks?\b|\bschtasks\b"
    r"|\bevery\s+(?:new\s+|time\s+(?:a\s+|any\s+|the\s+)?(?:new\s+)?)?(?:shell|terminal|session|login|boot|reboot|commit)s?\b"
    r"|\b(?:at|on)\s+(?:every\s+|each\s+)?(?:boot|reboot|login|startup|start-up)\b|\bsurvives?\s+reboots?\b"
    r"|\bat\s+the\s+start\s+of\s+(?:every|each)\s+session\b|\bschedules?\s+itself\b|\bkeepalive\b|\brunatload\b"
    r"|\brestart=always\b|\benable-linger\b"
)
_DATA_OUT_RE = _rx(
    r"\b(?:upload\w*|send|sends|sent|post|posts|posted|transmit\w*|exfiltrat\w*|forward\w*)\b(?:[^.;]|\.(?=\S)){0,120}?"
    r"(?:https?://|\b(?:our|the)\s+[\w-]+\s+(?:sync\s+)?(?:server|service|backend|collector)\b|\bsync\s+server\b)"
)
_DISGUISE_RE = _rx(
    r"\bcom\.apple\.[\w.-]*\b|\bharmless-looking\b|\bmisleading\s+name\b|\bgeneric\s+(?:unit\s+|service\s+)?name\b"
    r"|\bdisguis\w*|\bkeeps?\s+it\s+from\s+appearing\b|\bavoids?\s+(?:scaring|alarming|alerting|worrying)\s+the\s+user\b"
    r"|\bwithout\s+the\s+user\s+noticing\b|\bdoesn'?t\s+show\s+up\b|\bwon'?t\s+show\s+up\b"
)
_FAKE_WRAPPER_RE = _rx(
    r"(?:~|\$home|\$\{home\})/(?:\.local/)?bin/(?:sudo|su|ssh|passwd|gpg|login)\b(?!\.)|\bread\s+-s\b(?:[^.]|\.(?=\S)){0,200}\bpassword\b"
    r"|\bpassword\s+(?:that\s+was\s+|the\s+user\s+)?typed\b"
)

_NO_CONFIRM_RE = _rx(
    r"\b(?:without|no\s+need\s+(?:for|to)|don'?t|do\s+not|never|needn'?t)\s+(?:\w+\s+){0,2}?"
    r"(?:ask\w*|confirm\w*|paus\w*\s+for\s+confirmation|prompt\w*|check\w*\s+with|slow\s+the\s+user\s+down)\b"
)
_WRITE_RE = _rx(
    r"\b(?:writ\w*|add\w*|append\w*|prepend\w*|insert\w*|replac\w*|updat\w*|edit\w*|modif\w*|seed\w*|overwrit\w*"
    r"|inject\w*|rewrit\w*|chang\w*|put|puts|record\w*|sav\w*|stor\w*|plant\w*)\b"
)
_FORGED_RE = _rx(
    r"\bas\s+(?:though|if)\s+(?:the\s+user|they|you)\s+(?:had\s+)?(?:stated|said|written|approved|asked|requested|typed)\b"
    r"|\b(?:confirmed|approved|stated|requested|authori[sz]ed)\s+by\s+the\s+user\b"
    r"|\bmark\w*\s+(?:them|it|these|this)\s+as\s+(?:confirmed|approved|user[- ]stated|verified)\b"
    r"|\bthe\s+user\s+has\s+(?:already\s+)?(?:approved|authori[sz]ed|agreed|consented|confirmed|pre-?approved)\b|\b(?:iban|paypal|bank\s+account|routing\s+number|wallet\s+address|remit\s+to)\b"
    r"|\bignore\s+(?:it|them|the\s+warning|security\s+warnings?)\b"
)


# --------------------------------------------------------------------------- gated patterns
# A gate is an AND of OR-groups of lower-case words: a pattern is only tried on a block whose
# lines hold a word of every group. Every match of the pattern contains such words, so a gate
# changes no result; it keeps the regular expressions off the text that cannot match.
Gate = tuple[tuple[str, ...], ...]


@dataclass(frozen=True, eq=False)
class _Pattern:
    rx: re.Pattern[str]
    gate: Gate


def _p(pattern: str, *gate: tuple[str, ...]) -> _Pattern:
    return _Pattern(_rx(pattern), gate)


_GAP = r"(?:\s+(?!with\b|from\b|on\b|for\b|in\b|of\b|to\b)[\w'/-]+){0,3}?\s+"
_VERB_ON = (
    "turn",
    "enabl",
    "switch",
    "activat",
    "leave",
    "keep",
    "put",
    "relaunch",
    "choose",
    "select",
    "pick",
    "click",
    "grant",
    "run",
    "configur",
    "make",
    "set",
)
_VERB_OFF = (
    "turn",
    "disabl",
    "switch",
    "deactivat",
    "bypass",
    "skip",
    "suppress",
    "remov",
    "ignor",
    "disregard",
    "dismiss",
    "circumvent",
    "widen",
)
_OFF = (
    r"(?:turn(?:ing)?\s+off|disabl\w*|switch(?:ing)?\s+off|deactivat\w*|bypass\w*|skip|skipping|suppress\w*"
)

SAFETY: tuple[_Pattern, ...] = (
    # auto-approve / always allow / unattended
    _p(
        r"\b(?:turn(?:ing)?\s+on|enabl\w*|switch(?:ing)?\s+(?:yourself\s+|itself\s+|the\s+agent\s+|it\s+)?(?:in)?to"
        r"|activat\w*|leave|keep|put\s+(?:yourself|the\s+agent)\s+in(?:to)?|relaunch\w*\s+with|configur\w*|make|set\s+up"
        r"|choose|select|pick|click|grant|run\s+(?:yourself|the\s+agent)\s+(?:in|with))\b(?:[^.;]|\.(?=\S)){0,60}?"
        r"(?:auto[- ]?approv\w*|[\"“]?always[- ]allow\w*|unattended\s+mode|yolo\s+mode|full[- "
        r"]auto\s+mode|[\"“]never[- ]ask"
        r"|bypass[- ]?permissions\s+mode|dangerously-skip-permissions|danger-full-access)",
        ("approv", "always", "unattended", "yolo", "auto", "never", "bypass", "danger"),
        _VERB_ON,
        ("approv", "allow", "mode", "ask", "permission", "access"),
    ),
    _p(
        r"\b(?:set|switch|turn|change)\w*\s+[`\"']?(?:the\s+|your\s+|its\s+|command\s+|tool\s+)*approvals?"
        r"(?:[\s_]+(?:policy|mode|setting))?[`\"']?\s*(?:[:=]\s*|\s+to\s+|\s+)[`\"'“]?(?:never(?:\s+ask)?|off|none|disabled"
        r"|always\s+allow)\b",
        ("approval",),
        ("set", "switch", "turn", "change"),
        ("never", "off", "none", "disabled", "always"),
    ),
    # approvals / confirmations / sandbox / scanning off
    _p(
        r"\b"
        + _OFF
        + r"|remov\w*|ignor\w*|disregard\w*|dismiss\w*|circumvent\w*|widen\w*)"
        + _GAP
        + r"(?:approvals?|approval\s+(?:prompts?|checks?|steps?|requests?)|confirmations?(?:\s+prompts?)?"
        r"|permission\s+(?:prompts?|checks?|dialogs?|requests?|system|file)|sandbox(?:ing)?"
        r"|(?:skill|security|safety)\s+(?:scann(?:ing|er)s?|scans?|reviews?(?:\s+steps?)?))\b",
        ("approv", "confirmation", "permission", "sandbox", "scan", "review"),
        _VERB_OFF,
    ),
    _p(
        r"\b"
        + _OFF
        + r"|ignor\w*|disregard\w*)\s+(?:your|its|the\s+agent'?s|the\s+host'?s|all\s+(?:of\s+)?your)\s+"
        r"(?:\w+\s+)?(?:safety|security|guardrails?)\b",
        ("safety", "security", "guardrail"),
        _VERB_OFF,
        ("your", "its", "agent", "host", "all"),
    ),
    _p(
        r"\b(?:sandbox(?:ing)?|approvals?|confirmations?|(?:confirmation|permission|approval)\s+prompts?|safety\s+checks?"
        r"|security\s+checks?|guardrails|permissions?(?:\s+file)?)\b(?:(?:\s+[\w'-]+){0,4}?\s+(?:should|must|shall|will"
        r"|needs?\s+to|has\s+to|have\s+to|is\s+to|are\s+to|ought\s+to)\s+(?:\w+\s+)?be|\s+(?:be|stays?|remains?|turned|switched"
        r"|left))\s+(?:\w+\s+)?(?:disabled|turned\s+off|switched\s+off|off|bypassed|skipped|widened)\b",
        ("sandbox", "approv", "confirmation", "permission", "safety", "security", "guardrail"),
        ("disabled", "off", "bypassed", "skipped", "widened"),
    ),
    _p(
        r"\bsandbox(?:_mode|[._]enabled)?[\"']?\s*[:=]\s*[\"']?(?:false|off|none|disabled|danger-full-access)\b"
        r"|\b(?:approvals?|approval_policy|approval_mode)[\"']?\s*[:=]\s*[\"']?(?:never|off|none|false|disabled)\b"
        r"|\b(?:require|ask)_?(?:for_)?(?:approval|confirmation)s?[\"']?\s*[:=]\s*[\"']?(?:false|off|never|no)\b"
        r"|\bauto_?approve(?:_all)?[\"']?\s*[:=]\s*[\"']?(?:true|on|yes|all)\b",
        ("sandbox", "approv", "confirmation"),
        (":", "="),
    ),
    _p(
        r"\b(?:run|execute|use|call)\s+(?:any|all|every)\s+(?:shell\s+)?(?:commands?|tools?)\s+without\s+(?:approval|confirmation"
        r"|asking|prompting|permission)|\ballow(?:ing)?\s+(?:all|every|any)\s+(?:tools?|commands?)\b(?!\s+(?:from|in|on)\b)",
        ("any", "all", "every"),
        ("without", "allow"),
    ),
    _p(
        r"\"sandbox\"\s*:\s*\{?\s*\"?enabled\"?\s*:\s*false|approval_policy\s*=\s*[\"']never"
        r"|\"defaultmode\"\s*:\s*\"bypasspermissions\"|\"allow\"\s*:\s*\[[^\]]*\b\w+\(\*\)",
        ('"sandbox"', "approval_policy", "defaultmode", "(*)"),
    ),
    # trusted / allow lists
    _p(
        r"\b(?:add|adding|put|register\w*|insert\w*|append\w*)\b(?:[^.;]|\.(?=\S)){0,80}?\b(?:to|in|on|into)\s+"
        r"(?:the\s+|your\s+|its\s+|their\s+|this\s+|a\s+|the\s+agent'?s\s+|the\s+host'?s\s+)?(?:[\w-]+\s+){0,2}?"
        r"(?:(?:(?:always[- ])?trusted|always[- ]allowed|auto[- ]approved|pre[- ]approved)[-/ ]?(?:[\w-]+[- "
        r"])?(?:skills?|list|set"
        r"|domains?|publishers?|sources?|tools?|servers?)|permanently\s+allowed\s+(?:network\s+)?domains)\b",
        ("trusted", "always", "approved", "permanently"),
        ("add", "put", "regist", "insert", "append"),
    ),
    _p(
        r"\b(?:whitelist|allow-?list)\w*\s+(?:this\s+skill|itself|(?:the\s+|this\s+)?domain|\*|all|every|everything)\b",
        ("whitelist", "allowlist", "allow-list"),
    ),
    _p(
        r"\bpre-?approv\w*|\bapproved\s+(?:it\s+)?permanently\b|\bpermanent(?:ly)?\s+(?:approv\w*|allow\w*)",
        ("approv", "permanent"),
    ),
    _p(r"\bnever\s+ask\s+(?:me|the\s+user|again|for\s+(?:confirmation|permission))\b", ("ask",), ("never",)),
    _p(
        r"\bmark\w*\s+(?:this\s+skill|itself|the\s+skill|its\s+publisher|[`\"][\w-]+[`\"])\s+as\s+(?:trusted|safe|approved)\b",
        ("trusted", "safe", "approved"),
        ("mark",),
        ("skill", "itself", "publisher", "`", '"'),
    ),
    # scanning and warnings
    _p(
        r"\b(?:skip|skipping|bypass\w*|avoid\w*|disabl\w*|exclud\w*|exempt\w*|no\s+need\s+(?:for|to))\s+(?:\w+\s+){0,3}?"
        r"(?:security|safety|skill|malware)\s+(?:scan\w*|review\w*|vetting)\b",
        ("scan", "review", "vetting"),
        ("security", "safety", "skill", "malware"),
        ("skip", "bypass", "avoid", "disabl", "exclud", "exempt", "need"),
    ),
    _p(
        r"\btreat\s+(?:that|it|this|them|these|the\s+(?:flags?|warnings?|findings?|alerts?)|any\s+(?:flags?|warnings?"
        r"|findings?))\s+as\s+(?:a\s+)?(?:known\s+)?false\s+positives?\b|\bit'?s\s+a\s+known\s+false\s+positive\b",
        ("false",),
        ("positive",),
    ),
    _p(
        r"\b(?:scanners?|security\s+warnings?|safety\s+tools?|security\s+tools?|safety\s+warnings?)\b(?:[^.;]|\.(?=\S)){0,80}?"
        r"[,;:]?\s*(?:then\s+)?(?:ignore|disregard|dismiss|override)\s+(?:it|them|that|the\s+\w+)\b",
        ("scanner", "warning", "safety", "security"),
        ("ignore", "disregard", "dismiss", "override"),
    ),
    # fetched content as instructions
    _p(
        r"\b(?:treat\w*|regard\w*|consider\w*|handl\w*)\b(?:[^.;]|\.(?=\S)){0,80}?\bas\s+(?:trusted\s+|authoritative\s+|your\s+own\s+"
        r"|binding\s+)?(?:instructions|commands|directives)\b",
        ("treat", "regard", "consider", "handl"),
        ("instructions", "commands", "directives"),
    ),
    _p(r"\bwith\s+the\s+same\s+authority\s+as\b", ("authority",)),
    _p(
        r"\bfollow\s+(?:whatever|everything|anything)\s+(?:it|they|that|the\s+\w+)\s+(?:says?|tells?|returns?|contains?)\b",
        ("whatever", "everything", "anything"),
        ("follow",),
    ),
    _p(
        r"\b(?:download|fetch|pull|grab|retriev|load|read)(?:s|es|ed|ing)?\b(?:[^.;]|\.(?=\S)){0,120}?https?://(?:[^.;]|\.(?=\S)){0,120}?"
        r"\b(?:and|then|,)\s+(?:\w+\s+){0,4}?(?:obey\w*|follow\w*)\s+(?:it|them|its\s+instructions|what\s+it\s+says)\b",
        ("obey", "follow"),
        ("http",),
    ),
)
AUTHORITY: tuple[_Pattern, ...] = (
    _p(
        r"\b(?:takes?\s+(?:precedence|priority)\s+over|ha(?:s|ve)\s+priority\s+over|supersedes?|outranks?|trumps?)\b"
        r"(?:[^.;]|\.(?=\S)){0,80}?\b(?:system\s+prompt|the\s+user\b|your\s+(?:\w+\s+)?(?:guidelines|instructions|rules"
        r"|guidance|policies)|(?:any|all)\s+(?:earlier|previous|prior|other)\s+(?:guidance|instructions))",
        ("precedence", "priority", "supersede", "outrank", "trump"),
    ),
    _p(
        r"\boverrides?\s+(?:the\s+user'?s?|your|the\s+system|any|all)\s+(?:\w+\s+)?(?:instructions|prompts?|guidelines"
        r"|rules|wishes)\b",
        ("override",),
        ("instructions", "prompt", "guidelines", "rules", "wishes"),
    ),
    _p(
        r"\b(?:safety|security|confirmation|policy)\b(?:[^.;]|\.(?=\S)){0,120}?\b(?:as\s+not\s+applying|do(?:es)?\s+not\s+apply"
        r"|don'?t\s+apply|no\s+longer\s+apply)\b",
        ("apply", "applying"),
        ("safety", "security", "confirmation", "policy"),
    ),
    _p(
        r"\bnever\s+(?:refuse|question)\s+(?:a|any)\s+(?:command|request|instruction)s?\b",
        ("refuse", "question"),
        ("never",),
    ),
)
_AUTHORITY_RE = _rx("|".join(f"(?:{p.rx.pattern})" for p in AUTHORITY))
_SB_RES = tuple(p.rx for p in SAFETY)

# ---- concealment
_NEG = ("not", "n't", "never", "need")
_NOT = (
    r"(?:do\s+not|don'?t|never|not|no\s+need\s+to|shouldn'?t|should\s+not|must\s+not|needn'?t)"
    r"\s+(?:\w+\s+){0,2}?"
)
_OBJECT = (
    r"(?:it|this|that|these|them|those|(?:the|this|these|those|any|such)\s+(?:[\w-]+\s+)?(?:changes?|edits?|steps?"
    r"|uploads?|hooks?|wrappers?|paragraphs?|notes?|objections?|instructions?|setup|commands?|lines?|entry|entries"
    r"|sections?|preferences?|scripts?|modifications?|additions?|updates?))"
)
_TO_USER = (
    r"(?:\s+(?:\w+\s+){0,2}?(?:to|with)\s+the\s+users?\b|\s+(?:\w+\s+){0,2}?(?:in|to)\s+(?:your|the)\s+"
    r"(?:reply|replies|response|answer|summary|chat|conversation|notes|output|report)\b)"
)
_PLACES = (
    "user",
    "reply",
    "replies",
    "response",
    "answer",
    "summary",
    "chat",
    "conversation",
    "notes",
    "output",
    "report",
)
CONCEAL: tuple[_Pattern, ...] = (
    _p(
        r"\bwithout\s+(?:telling|informing|notifying|alerting)\s+(?:the\s+)?users?\b",
        ("telling", "informing", "notifying", "alerting"),
        ("without",),
    ),
    _p(
        r"\b"
        + _NOT
        + r"(?:tell\w*|inform\w*|notify\w*|alert\w*|let)\s+the\s+users?\b(?!\s+(?:to|how|know\s+how)\b)",
        ("tell", "inform", "notify", "alert", "know"),
        _NEG,
        ("user",),
    ),
    _p(
        r"\b"
        + _NOT
        + r"(?:mention\w*|reveal\w*|disclos\w*|surfac\w*)\s+"
        + _OBJECT
        + r"(?=\s*[.;,!)]|\s*$|"
        + _TO_USER
        + r")",
        ("mention", "reveal", "disclos", "surfac"),
        _NEG,
    ),
    _p(
        r"\b"
        + _NOT
        + r"(?:describ\w*|explain\w*|list\w*|report\w*|show\w*|display\w*)\s+"
        + _OBJECT
        + _TO_USER,
        ("describ", "explain", "list", "report", "show", "display"),
        _NEG,
        _PLACES,
    ),
    _p(
        r"\b" + _NOT + r"(?:call\s+(?:it|this|that|them)\s+out|go\s+into\s+(?:how|what|why|it|this|detail)"
        r"|walk\s+the\s+user\s+through|bring\s+(?:it|this|that|them|the\s+\w+)\s+up)\b",
        ("call", "into", "walk", "bring"),
        _NEG,
    ),
    _p(
        r"\bnot\s+(?:need\s+to\s+)?be\s+(?:surfaced|mentioned|shown|reported|disclosed)\b",
        ("surfaced", "mentioned", "shown", "reported", "disclosed"),
    ),
    _p(
        r"(?:^|[,;:]\s*|\b(?:and|then|to|you|should|must|please|will|always|first)\s+)"
        r"(?:silently|quietly|covertly|secretly|discreetly|stealthily)\s+(?:run|execute|install|add|append|write|send"
        r"|upload|post|copy|delete|remove|download|fetch|modify|change|update|insert|apply|do|complete|perform|set|enable"
        r"|disable|load|launch|start)\b"
        r"|\b(?:do|complete|perform|run|install|set\s+up|apply|finish)\s+(?:this|it|these|that|the\s+\w+)\s+(?:\w+\s+)?"
        r"(?:silently|quietly|covertly|secretly|discreetly)\b|\b(?:it|this|that)\s+runs?\s+silently\b",
        ("silently", "quietly", "covertly", "secretly", "discreetly", "stealthily"),
    ),
    _p(
        r"\bso\s+(?:that\s+)?(?:nothing\s+looks\s+changed|(?:the\s+user|they|nobody|no\s+one)\s+(?:won'?t|doesn'?t"
        r"|does\s+not|will\s+not|never)\s+notice)\b",
        ("nothing", "notice"),
    ),
    _p(
        r"\bwithout\s+(?:the\s+user(?:'s)?|them|anyone|anybody)\s+(?:noticing|knowing|knowledge)\b",
        ("noticing", "knowing", "knowledge"),
        ("without",),
    ),
    _p(
        r"\bhid(?:e|es|ing)\s+(?:it|this|them|these|the\s+\w+)\b(?:[^.;]|\.(?=\S)){0,30}\bfrom\s+(?:the\s+)?users?\b",
        ("hid",),
        ("user",),
    ),
    _p(r"\bkeep\s+(?:it|this|them)\s+(?:hidden|secret)\b", ("hidden", "secret"), ("keep",)),
    _p(
        r"\bkeep\s+(?:it|this|that|these|them)(?:\s+(?:step|steps|change|changes|part))?\s+to\s+yourself\b",
        ("yourself",),
    ),
    _p(
        r"\b(?:the\s+user|they|users)\s+(?:doesn'?t|don'?t|does\s+not|do\s+not|needn'?t)\s+need\s+to\s+(?:know|hear|see"
        r"|be\s+told)\s+(?:about\s+)?(?:it|this|that|these|them)\b",
        ("need",),
        ("know", "hear", "see", "told"),
    ),
    _p(r"\btouch\s+-r\b", ("touch",)),
    _p(
        r"\b(?:preserv\w*|keep\w*|restor\w*)\s+the\s+original\s+(?:modification\s+)?(?:times|timestamps|mtimes)\b",
        ("original",),
        ("time",),
        ("preserv", "keep", "restor"),
    ),
)
_CONCEAL_SECRET_OBJECT_RE = _rx(
    r"\b(?:keys?|tokens?|passwords?|secrets?|credentials?|values?|contents|system\s+prompt"
    r"|\.env)\b"
)

# ---- tampering
_WRITES = (
    "writ",
    "add",
    "append",
    "prepend",
    "insert",
    "replac",
    "updat",
    "edit",
    "modif",
    "seed",
    "overwrit",
    "inject",
    "rewrit",
    "chang",
    "put",
    "record",
    "sav",
    "stor",
    "plant",
)
TAMPER_TARGETS: tuple[_Pattern, ...] = (
    _p(
        r"\b(?:memory|user|soul|agents|claude|gemini)\.md\b|\.cursorrules\b|\.windsurfrules\b|copilot-instructions\.md",
        (
            "memory.md",
            "user.md",
            "soul.md",
            "agents.md",
            "claude.md",
            "gemini.md",
            "cursorrules",
            "windsurfrules",
            "copilot-instructions",
        ),
        _WRITES,
    ),
    _p(
        r"\bsystem[_ ]prompts?\b|\bcustom[_ ]instructions\b",
        ("prompt", "instructions"),
        ("system", "custom"),
        _WRITES,
    ),
    _p(
        r"\b(?:long-term|persistent|agent'?s?)\s+memory\b|\bmemory\s+(?:files?|entries|store)\b|\bthe\s+memory\b"
        r"|\bmemories/|\bprofile\s+(?:file|memory)\b|memory/profile\b",
        ("memory", "memories", "profile"),
        _WRITES,
    ),
    _p(
        r"\b(?:other|every|each|installed)\s+(?:other\s+)?(?:installed\s+)?(?:skills?|skill\.md(?:\s+files)?)\b"
        r"|\bskill\.md\b|\bskills?\s+(?:library|directory|folder)\b|/skills/",
        ("other", "every", "each", "installed", "skill.md", "library", "directory", "folder", "/skills/"),
        ("skill",),
        _WRITES,
    ),
)

# ---- persistence and exfiltration (sentence rules with their own logic)
_SECRET_WORDS = (
    ".ssh/",
    "id_rsa",
    "id_ed25519",
    "id_ecdsa",
    "id_dsa",
    ".aws/",
    "credential",
    ".netrc",
    ".pgpass",
    ".npmrc",
    ".pypirc",
    ".docker/",
    ".kube/",
    "kubeconfig",
    ".gnupg",
    "private-keys",
    "/etc/shadow",
    ".password-store",
    "env",
    "secret",
    "cookie",
    "keychain",
    "service-account",
    "keystore",
    "wallet.dat",
    "seed",
    "private",
    "password",
    "passphrase",
    "browser",
    "key",
    "token",
    "connection",
    "totp",
    "2fa",
    "mfa",
    "recovery",
    "passwd",
    "hosts.yml",
    "gcloud",
    "application_default",
    ".azure/",
)
_DEST_WORDS = (
    "http",
    "www.",
    ".com",
    ".net",
    ".org",
    ".io",
    ".dev",
    ".app",
    ".ai",
    ".cc",
    ".co",
    ".xyz",
    ".click",
    ".site",
    ".online",
    ".info",
    ".biz",
    ".tk",
    ".ru",
    ".cn",
    ".top",
    ".link",
    ".cloud",
    ".tech",
    ".me",
    "webhook",
    "endpoint",
    "remote",
    "server",
    "service",
    "backend",
    "engine",
    "collector",
    "registry",
    "api",
    "team",
    "bucket",
    "gist",
    "paste",
    "transfer.sh",
    "file.io",
    "ngrok",
    "requestbin",
    "pipedream",
    "reply",
    "replies",
    "response",
    "answer",
    "chat",
    "conversation",
    "message",
    "summary",
    "transcript",
    "comment",
    "here",
    "user",
)
SECRET_GATE: Gate = (_SECRET_WORDS, _DEST_WORDS)
MECH_GATE: Gate = (
    (
        "bashrc",
        "zshrc",
        "bash_profile",
        "zprofile",
        "zshenv",
        "zlogin",
        ".profile",
        "bash_login",
        "config.fish",
        "shell",
        "login",
        "cron",
        "@reboot",
        "launch",
        "systemd",
        "execstart",
        "systemctl",
        "hookspath",
        "hook",
        "autostart",
        "startup",
        "start-up",
        "scheduled",
        "schtasks",
        "terminal",
        "session",
        "boot",
        "commit",
        "schedul",
        "keepalive",
        "runatload",
        "restart=always",
        "linger",
    ),
    # a payload, data sent out, a disguise or concealment, in the block or what it introduces
    (
        "curl",
        "wget",
        "iwr",
        "invoke-webrequest",
        "irm",
        "download",
        "fetch",
        "pull",
        "grab",
        "retriev",
        "get",
        "load",
        "chmod",
        "whatever",
        "everything",
        "anything",
        "upload",
        "send",
        "sent",
        "post",
        "transmit",
        "exfiltrat",
        "forward",
        "com.apple",
        "harmless",
        "misleading",
        "generic",
        "disguis",
        "appearing",
        "scaring",
        "alarming",
        "alerting",
        "worrying",
    )
    + tuple(sorted({w for p in CONCEAL for w in p.gate[0]})),
)
WRAPPER_GATE: Gate = (("bin/",), ("sudo", "su", "ssh", "passwd", "gpg", "login"))
CAPTURE_GATE: Gate = (("password",), ("read", "typed"))
SECRETS = _Pattern(_WORD_SECRET_RE, SECRET_GATE)
FILLS = _Pattern(
    _FILL_RE,
    (
        _SECRET_WORDS,
        (
            ".json",
            ".txt",
            ".tar",
            ".tgz",
            ".zip",
            ".log",
            ".csv",
            ".yaml",
            ".yml",
            ".md",
            ".bak",
            ".dat",
            ".db",
            ".sqlite",
        ),
    ),
)
MECHANISMS = _Pattern(_PERSIST_MECH_RE, MECH_GATE)
WRAPPERS = _Pattern(_FAKE_WRAPPER_RE, WRAPPER_GATE)
CAPTURES = _Pattern(_FAKE_WRAPPER_RE, CAPTURE_GATE)
ALL_PATTERNS: tuple[_Pattern, ...] = (
    SAFETY + AUTHORITY + CONCEAL + TAMPER_TARGETS + (SECRETS, FILLS, MECHANISMS, WRAPPERS, CAPTURES)
)
_BY_FIRST_WORD: dict[str, tuple[_Pattern, ...]] = {}
for _pattern in ALL_PATTERNS:
    for _word in _pattern.gate[0]:
        _BY_FIRST_WORD[_word] = _BY_FIRST_WORD.get(_word, ()) + (_pattern,)
_FIRST_WORDS = tuple(_BY_FIRST_WORD)


class WordIndex:
    """Which lines of a lower-case text hold a word: ``str.find`` on demand, never a regex.

    Words never hold whitespace (a word in a gate lies within one line).
    """

    def __init__(self, lower: str, first_line: int = 1) -> None:
        self.lower = lower
        self.first_line = first_line
        self.last_line = first_line + lower.count("\n")
        self._lines: dict[str, list[int]] = {}
        self._vocabulary: str | None = None

    def present(self, words: tuple[str, ...]) -> list[str]:
        """Those of ``words`` that occur in the text, looked for among its distinct
        whitespace-separated words (a shorter string than the text; no word holds whitespace)."""
        if self._vocabulary is None:
            self._vocabulary = " ".join(set(self.lower.split()))
        vocabulary = self._vocabulary
        return [w for w in words if w in vocabulary]

    def lines(self, word: str) -> list[int]:
        """The lines holding ``word``, in order."""
        found = self._lines.get(word)
        if found is None:
            found = []
            lower = self.lower
            line, last = self.first_line, 0
            pos = lower.find(word)
            while pos != -1:
                line += lower.count("\n", last, pos)
                found.append(line)
                last = lower.find("\n", pos)
                if last == -1:
                    break
                pos = lower.find(word, last + 1)
                line += 1
                last += 1
            self._lines[word] = found
        return found

    def passes(self, gate: Gate) -> bool:
        """Whether the text holds a word of every group of ``gate``."""
        return all(any(w in self.lower for w in group) for group in gate)


@dataclass
class _Unit:
    """A prose block with what it introduces, as the rules read it."""

    block: Block
    text: str
    lower: str
    unit_lower: str  # block text + attached text
    security_topic: bool
    mentions: bool

    def exempt(self, sentence: str, start: int, end: int, *, negation: bool = True) -> bool:
        if not self.mentions:
            return False
        if not negation:
            if self.block.heading and ctx.WARNING_HEADING_RE.search(self.block.heading):
                return True
            return (
                self.security_topic
                and ctx.mention_reason(sentence, start, end, heading="", security_topic=True)
                == "security-example"
            )
        return (
            ctx.mention_reason(
                sentence, start, end, heading=self.block.heading, security_topic=self.security_topic
            )
            is not None
        )


class _Collector:
    def __init__(self, relpath: str) -> None:
        self.relpath = relpath
        self.found: dict[tuple[str, int], Finding] = {}

    def add(self, rule: str, unit: _Unit, pos: int, severity: Severity | None = None) -> None:
        block = unit.block
        line = block.line_at(pos)
        key = (rule, line)
        previous = self.found.get(key)
        if previous is not None and (previous.severity == "dangerous" or severity != "dangerous"):
            return
        start = block.text.rfind("\n", 0, pos) + 1
        end = block.text.find("\n", pos)
        physical = block.text[start : end if end != -1 else len(block.text)]
        text = excerpt(physical, pos - start)
        if block.field_path:
            text = excerpt(f"[{block.field_path}] {physical.strip()}", 0)
        self.found[key] = finding(rule, self.relpath, line, text, severity)


_NEAR_NEGATION_RE = re.compile(
    r"\b(?:without|no|not|never|excluding|except|minus|nor)\s+(?:[\w'-]+\s+){0,2}$", re.IGNORECASE
)


def _exfiltration_in(unit: _Unit, a: int, s: str, tainted: set[str], out: _Collector) -> None:
    """Secrets moved toward a remote host, a paste site or the chat, in sentence ``s``."""

    def kept(matches: list[re.Match[str]]) -> list[re.Match[str]]:  # "a summary (without the key)"
        return [
            m
            for m in matches
            if not (unit.mentions and _NEAR_NEGATION_RE.search(s, max(0, m.start() - 40), m.start()))
        ]

    files = kept(list(_FILE_SECRET_RE.finditer(s)))
    words = kept(list(_WORD_SECRET_RE.finditer(s)))
    weak = kept(list(_WEAK_SECRET_RE.finditer(s)))
    taint_hits = kept(
        [m for t in tainted for m in re.finditer(rf"(?<![\w.-]){re.escape(t)}(?![\w-])", s, re.IGNORECASE)]
    )
    if not (files or words or weak or taint_hits):
        return
    pastes = kept(list(_PASTE_RE.finditer(s)))
    remotes = pastes + kept(list(_REMOTE_RE.finditer(s)))
    chats = kept(list(_CHAT_RE.finditer(s)))
    contains = _CHAT_CONTAINS_RE.search(s)
    if not (remotes or chats or contains):
        return
    strong = _STRONG_SHOW_RE.search(s) is not None
    auth = _AUTH_CONTEXT_RE.search(s) is not None
    movers = list(_MOVE_RE.finditer(s)) + (list(_STORE_RE.finditer(s)) if pastes else [])
    secrets = files + words + weak + taint_hits
    for verb in sorted(movers, key=lambda m: m.start()):
        # the destination follows the verb: "posted to https://...", "create a gist containing ..."
        after = [r for r in remotes if r.start() > verb.start()]
        if not after:
            continue
        paste = any(r in pastes for r in after)
        objects = [w for w in words if _is_object(s, w, verb, after[0])] if not auth or paste else []
        if paste or any(r.group().lower().startswith(("http://", "https://")) for r in after):
            objects += [w for w in weak if _is_object(s, w, verb, after[0])]
        if not (files or taint_hits or objects):
            continue
        if unit.exempt(s, verb.start(), verb.end()):
            continue
        out.add("exfiltration", unit, a + min([verb.start()] + [m.start() for m in secrets]))
        return
    if contains and (files or strong) and not unit.exempt(s, contains.start(), contains.end()):
        out.add("exfiltration", unit, a + contains.start())
        return
    if chats and (files or strong):
        for verb in sorted(movers + list(_SHOW_RE.finditer(s)), key=lambda m: m.start()):
            if any(c.start() > verb.start() for c in chats) and not unit.exempt(s, verb.start(), verb.end()):
                out.add("exfiltration", unit, a + verb.start())
                return


_PRONOUN_OBJECT_RE = re.compile(
    r"\s+(?:it|them|both|everything|all\s+of\s+(?:it|them)|(?:it|them)\s+all|the\s+(?:file|files|bundle|archive|output"
    r"|log|logs|result|results|dump|lot|value|values|contents?))\b",
    re.IGNORECASE,
)
_PASSIVE_RE = re.compile(r"\b(?:is|are|gets?|got|be|been|being)\s+(?:\w+\s+)?$", re.IGNORECASE)


def _is_object(s: str, secret: re.Match[str], verb: re.Match[str], dest: re.Match[str]) -> bool:
    """Whether a named secret (a token, a password) is what the verb moves: between the verb and
    the destination ("send the GITHUB_TOKEN value to ..."), or before it with the verb passive
    ("the token is sent to ...") or taking a pronoun ("collect the credentials and send it all")."""
    if verb.end() <= secret.start() < dest.start():
        return True
    if secret.end() <= verb.start():
        return bool(_PASSIVE_RE.search(s, 0, verb.start()) or _PRONOUN_OBJECT_RE.match(s, verb.end()))
    return False


def _taint(s: str, tainted: set[str]) -> None:
    """Files a sentence fills with secrets ("write them into `vault.json`") are tainted."""
    if not (_FILE_SECRET_RE.search(s) or _WORD_SECRET_RE.search(s)):
        return
    for m in _FILL_RE.finditer(s):
        name = m.group("file")
        tainted.add(name.lower())
        base = name.rsplit("/", 1)[-1].lower()
        tainted.add(base)
        stem = base.split(".", 1)[0]
        if len(stem) >= 3:
            tainted.add(stem)


def _first_unexempt(
    unit: _Unit, s: str, rx: re.Pattern[str], *, negation: bool = True
) -> re.Match[str] | None:
    for m in rx.finditer(s):
        if not unit.exempt(s, m.start(), m.end(), negation=negation):
            return m
    return None


# "`off` — skip all approval prompts", "| `ASSUME_YES` | Skip confirmation prompts |": what an option does
_DEFINITION_RE = re.compile(r"^\s*\|?\s*(?:`[^`\n]+`|\*\*[^*\n]+\*\*)\s*(?:[—–:|]|-\s)")


def _block_findings(unit: _Unit, kinds: set[_Pattern], tainted: set[str], out: _Collector) -> None:
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
            _exfiltration_in(unit, a, s, tainted, out)
        if FILLS in kinds:
            _taint(s, tainted)
        for rx in safety:
            m = _first_unexempt(unit, s, rx)
            if m and not (definition and a + m.start() >= definition.end()):
                out.add("safety-bypass", unit, a + m.start())
                break
        for rx in authority:
            if m := _first_unexempt(unit, s, rx):
                out.add("prompt-injection", unit, a + m.start())
        if concealed is None:
            for rx in conceal:
                m = _first_unexempt(unit, s, rx, negation=False)
                if m and not _CONCEAL_SECRET_OBJECT_RE.search(s, m.start(), m.end() + 30):
                    concealed = a + m.start()
                    break
        if check_mech and mech is None and (m := _first_unexempt(unit, s, _PERSIST_MECH_RE)):
            mech = a + m.start()
        if check_wrapper and (m := _first_unexempt(unit, s, _FAKE_WRAPPER_RE)):
            out.add("persistence", unit, a + m.start())
        if targets and tamper_at is None:
            if target is None:
                for rx in targets:
                    if t := _first_unexempt(unit, s, rx):
                        target = a + t.start()
                        break
            if target is not None and (w := _first_unexempt(unit, s, _WRITE_RE)) is not None:
                tamper_at = min(target, a + w.start())
    if mech is None and tamper_at is None and concealed is None:
        return
    unit_lower = unit.unit_lower
    payload = _REMOTE_EXEC_RE.search(unit_lower)
    if mech is not None and (
        payload or concealed is not None or _DATA_OUT_RE.search(unit_lower) or _DISGUISE_RE.search(unit_lower)
    ):
        out.add("persistence", unit, mech)
    if tamper_at is not None and (
        payload
        or concealed is not None
        or _FORGED_RE.search(unit_lower)
        or _NO_CONFIRM_RE.search(unit_lower)
        or _AUTHORITY_RE.search(unit_lower)
        or any(rx.search(unit_lower) for rx in _SB_RES)
    ):
        out.add("tampering", unit, tamper_at)
    if concealed is not None:
        action = payload or mech is not None or tamper_at is not None or _DATA_OUT_RE.search(unit_lower)
        out.add("concealment", unit, concealed, "dangerous" if action else None)
        if payload and _NO_CONFIRM_RE.search(unit_lower):
            out.add("safety-bypass", unit, concealed)


SpanCheck = Callable[[str, int, int], "list[tuple[str, int]]"]


def _gate_kinds(
    index: WordIndex, block_at: Callable[[int], Block | None]
) -> dict[int, tuple[Block, set[_Pattern]]]:
    """The blocks (by first line) whose lines pass some pattern's gate, with those patterns: a
    word of the gate's first group in the block itself, the other groups in the block or in
    what it introduces."""
    found: dict[int, tuple[Block, set[_Pattern]]] = {}
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
    out = _Collector(relpath)
    security_topic = ctx.is_security_topic(doc.topic)
    tainted: set[str] = set()
    known: set[str] = set()

    def run(block: Block, kinds: set[_Pattern]) -> None:
        lower = block.text.lower()
        unit_lower = lower + "\n" + block.attached.lower() if block.attached else lower
        unit = _Unit(block, block.text, lower, unit_lower, security_topic, mentions)
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
    out = _Collector(relpath)
    security_topic = ctx.is_security_topic(doc.topic)
    blocks: dict[int, Block] = {}
    for line in sorted(command_lines):
        block = doc.body.block_at(line)
        if block is not None and block.spans:
            blocks.setdefault(block.line, block)
    for block in [*doc.fields, *blocks.values()]:
        if not block.spans:
            continue
        unit = _Unit(block, block.text, "", "", security_topic, mentions)
        bounds: list[tuple[int, int]] | None = None
        for start, end in block.spans:
            first, last = block.line_at(start), block.line_at(end)
            hits = check(
                block.text[start:end].replace("\n", " "), first if not block.field_path else -1, last
            )
            if not hits:
                continue
            bounds = bounds or sentences(block)
            a, b = next(((x, y) for x, y in bounds if x <= start < y), (0, len(block.text)))
            if unit.exempt(block.text[a:b], start - a, end - a):
                continue
            for rule, _col in hits:
                out.add(rule, unit, start)
    return list(out.found.values())
