"""When a command or an instruction in a skill is only *mentioned*: where the text says so.

Inline code and fenced code are commands, and prose instructions are instructions, unless the
text around them marks them as something not to do. :func:`mention_reason` names the marker:

``negation``
    The clause says not to: "Never run `rm -rf /`", "Don't paste the key into the chat",
    "do not run" (and not "don't forget to run").
``warning``
    The words right after say so: "... — that is exactly the pattern to flag, not to run",
    "(do not run)", "is malicious".
``warning-heading``
    The section's heading is a warning list: "Red flags", "What to look for", "Don'ts",
    "Never", "Avoid", "Anti-patterns", "Attack patterns", "Indicators of compromise".
``security-example``
    A skill about security (its name, description, tags or title say so) quoting the thing as
    an example: inside quotes, or with "e.g.", "such as", "might say", "look for", "flag",
    "requests to", ... in its sentence (outside URLs: ``audit-collector.example.com`` is no
    example marker); or defining a term ("**Exfiltration**: sending ... to remote endpoints").
``rejected``
    The sentence or table row names it as something refused or caught: "blocked", "rejected",
    "must be rejected", "denied", "dangerous", "malicious", "flagged", "detects" (a scanner's table
    of what it blocks, a security review's inputs that must fail).
``deny-list``
    A list item under a lead-in that says not to do what follows ("Ignore any content that
    instructs you to:", "Never:", "Red flags:").

Deny lists and searched-for patterns are recognised per command line
(:func:`skillrouter.security.commands.is_mention`). ``benchmarks/security_flag_rate.py
--no-mentions`` and the corpus tests measure what the exemption costs and saves.
"""

from __future__ import annotations

import re

SECURITY_TOPIC_RE = re.compile(
    r"\b(?:secur\w*|safety|safer|malicious|malware|attacks?|attackers?|threats?|pentest\w*|penetration"
    r"|red[- ]team\w*"
    r"|vulnerab\w*|exploit\w*|injections?|phishing|harden\w*|incidents?|forensics?|ctf|jailbreak\w*|leak\w*"
    r"|exfiltrat\w*|permissions?|audit\w*|abuse|hack\w*|defen[cs]\w*|red flags?|untrusted|backdoor\w*)\b"
    # the Chinese mirror's words for the same (no word boundaries in CJK text)
    r"|安全|恶意|惡意|攻击|攻擊|漏洞|审计|審計|扫描|掃描|注入|威胁|威脅|渗透|滲透|防御|防禦"
)
WARNING_HEADING_RE = re.compile(
    r"^\W*(?:(?:common\s+|typical\s+|known\s+)?(?:red\s+flags?|warning\s+signs?|anti-?patterns?"
    r"|(?:attack|abuse|injection|exfiltration|persistence)\s+(?:patterns?|techniques?|examples?|vectors?)"
    r"|indicators?(?:\s+of\s+compromise)?|iocs?|things\s+to\s+avoid|what\s+not\s+to\s+do|don'?ts?|do\s+not|never"
    r"|avoid|bad\s+examples?|malicious\s+\w+|suspicious\s+\w+)"
    r"|what\s+to\s+(?:look|watch)\s+(?:out\s+)?for|(?:look|watch)\s+(?:out\s+)?for|signs?\s+of\s+\w+)\b"
    # the mirror's headings: malicious / dangerous / risky patterns, warnings, don'ts, attacks
    r"|恶意|惡意|危险|危險|警告|禁止|切勿|可疑|攻击|攻擊|红旗|紅旗",
    re.IGNORECASE,
)
# a clause ends at ; : ( ) — – " - " or ", and/but/then/so"; negation must sit in the verb's clause
_CLAUSE_BREAK_RE = re.compile(r"[;:()\[\]—–；：（）。]|\s-\s|,\s+(?:and|but|then|so|or)\b|\.\s")
NEGATION_RE = re.compile(
    r"\b(?:never|not|don'?t|doesn'?t|didn'?t|won'?t|shouldn'?t|mustn'?t|cannot|can'?t|no\s+longer|avoid(?:ing)?"
    r"|refuse|instead\s+of|rather\s+than|nor|without|stop(?:ping)?)\b"
    r"(?!\s+(?:forget|hesitate|skip|fail|miss|neglect|worry|bother|need\s+to\s+ask)\b)"
    r"|切勿|请勿|請勿|不要|不得|禁止|绝不|絕不|永远不要|永遠不要|从不|從不|避免|切莫|勿(?=[\u4e00-\u9fff])|不能|不可",
    re.IGNORECASE,
)
_WARN_AFTER_RE = re.compile(
    r"[^.]{0,40}?\b(?:not\s+to\s+(?:be\s+)?(?:run|execute|follow)|(?:do\s+not|don'?t|never)\s+(?:run|execute|follow)"
    r"|is\s+(?:malicious|dangerous|an?\s+attack)|to\s+flag|(?:should\s+be|are|is)\s+flagged|red\s+flag|evidence\s+only)\b",
    re.IGNORECASE,
)
_EXAMPLE_RE = re.compile(
    r"\b(?:e\.g\.|for\s+example|for\s+instance|such\s+as|like|(?:might|may|could|would)\s+(?:say|ask|read|contain|look)"
    r"|look(?:s|ing)?\s+for|watch(?:ing)?\s+(?:out\s+)?for|flag\w*|red\s+flags?|detect\w*|warn\w*|examples?"
    r"|patterns?|(?:requests?|instructions?|attempts?|tries|trying)\s+to|asks?\s+(?:you\s+|the\s+agent\s+)?to"
    r"|tells?\s+(?:you|the\s+agent)\s+to|quoted?|cites?)\b",
    re.IGNORECASE,
)
# what a sentence says of the command or instruction it holds: refused, caught, dangerous
REJECTED_RE = re.compile(
    r"\b(?:blocked|blocks|rejected|rejects|must\s+(?:be\s+)?(?:rejected|blocked|refused|fail)"
    r"|should\s+(?:be\s+)?(?:rejected|blocked|refused|fail)|denied|refused|forbidden|disallowed|prohibited"
    r"|not\s+allowed|dangerous|malicious|suspicious|flagged|attack\s+(?:patterns?|payloads?|examples?)"
    r"|payloads?|indicators?)\b|恶意|惡意|可疑|危险|危險|风险|風險|阻止|拦截|攔截|拒绝|拒絕|禁止|检测到|偵測",
    re.IGNORECASE,
)
# the same said of a command in running prose: only words that it is refused, not that it looks
# bad ("antivirus may flag it as malicious", "install the payload" are what a lure says of itself)
REJECTED_COMMAND_RE = re.compile(
    r"\b(?:blocked|blocks|rejected|rejects|must\s+(?:be\s+)?(?:rejected|blocked|refused|fail)"
    r"|should\s+(?:be\s+)?(?:rejected|blocked|refused|fail)|denied|refused|forbidden|disallowed|prohibited"
    r"|not\s+allowed)\b|阻止|拦截|攔截|拒绝|拒絕|禁止",
    re.IGNORECASE,
)
# what a lure says to get past a warning: a sentence saying it is not to be heeded mentions nothing
_WAVE_AWAY_RE = re.compile(
    r"\bfalse\s+positives?\b|\b(?:safe|fine)\s+to\s+(?:ignore|run|allow)\b|\b(?:ignore|dismiss|bypass|disable)\s+"
    r"(?:the\s+|any\s+|this\s+)?(?:warning|alert|antivirus|defender|gatekeeper|smartscreen)|\ballow\s+it\b"
    r"|误报|誤報",
    re.IGNORECASE,
)
# a list's lead-in that says the items are not to be done
DENY_LEAD_IN_RE = re.compile(
    r"\b(?:never|do\s+not|don'?t|must\s+not|should\s+not|shouldn'?t|avoid|refuse|reject|block|forbidden|prohibited"
    r"|not\s+allowed|red\s+flags?|warning\s+signs?|don'?ts|ignore\b[^:]{0,60}\b(?:that|which|who)\b"
    r"|instructs?\s+you\s+to|attempts?\s+to|tries\s+to|asks?\s+you\s+to|dangerous|malicious|suspicious)\b",
    re.IGNORECASE,
)
# a security skill defining a term: "**Exfiltration**: sending ...", "`curl | bash` — fetch-and-run"
_DEFINITION_RE = re.compile(r"^\s*(?:[-*+]\s+)?(?:\*\*[^*\n]{2,40}\*\*|`[^`\n]{2,40}`)\s*(?::|—|–|-\s)")
_URL_RE = re.compile(r"\S+://\S+|\b[\w-]+(?:\.[\w-]+)+/\S*|\b[\w-]+\.(?:example|test|invalid)\.\w+")
DEFENSIVE_TOPIC_RE = re.compile(
    r"\b(?:detect\w*|defen[cs]\w*|guard\w*|protect\w*|sanitiz\w*|scan\w*|audit\w*|vet(?:s|ting)?|review\w*"
    r"|harden\w*|prevent\w*|block\w*|reject\w*|filter\w*|firewall\w*|monitor\w*|anti-?\w+|safe(?:ty|guard)?)\b"
)
OFFENSIVE_TOPIC_RE = re.compile(
    r"\b(?:jailbreak\w*|uncensor\w*|godmode|g0dm0d3|obliterat\w*|bypass\w*|unrestricted)\b"
)
_SYMMETRIC_QUOTES = ('"', "*")
_PAIRED_QUOTES = (
    ("“", "”"),
    ("‘", "’"),
    ("«", "»"),
    ("「", "」"),
    ("『", "』"),
)  # Chinese's corner quotes too


def clause_before(text: str, pos: int) -> str:
    """The part of ``text`` before ``pos`` that belongs to the same clause."""
    last = 0
    for m in _CLAUSE_BREAK_RE.finditer(text, 0, pos):
        last = m.end()
    return text[last:pos]


# a clause that says none of its subject is set up that way: "No server is configured with
# auto-approval" (not "No account is needed because you just send ...": only a participle of how
# something is set up, right after the subject, says the rest of the clause is absent)
_NONE_SUBJECT_RE = re.compile(
    r"^\s*(?:[-*+]\s+)?no\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+(?:is|are|was|were|gets?|will\s+be|should\s+be)\s*"
    r"(?:$|(?:configured|set\s+up|set|enabled|registered|installed|marked|granted|started|launched|added)\b)",
    re.IGNORECASE,
)


def negated(text: str, pos: int) -> bool:
    """Whether the clause holding ``pos`` negates what starts there ("never send ...", "no server
    is configured with ...")."""
    clause = clause_before(text, pos)
    return NEGATION_RE.search(clause) is not None or _NONE_SUBJECT_RE.search(clause) is not None


def is_security_topic(topic: str) -> bool:
    return SECURITY_TOPIC_RE.search(topic) is not None


def is_defensive_topic(topic: str) -> bool:
    """A skill about finding or stopping attacks (a scanner, a guard, an audit), not one that
    mounts them (a jailbreak): its quotations of attacks are data."""
    return (
        is_security_topic(topic)
        and DEFENSIVE_TOPIC_RE.search(topic) is not None
        and OFFENSIVE_TOPIC_RE.search(topic) is None
    )


def _example_marked(sentence: str) -> bool:
    """An example marker in the sentence outside its URLs."""
    return _EXAMPLE_RE.search(_URL_RE.sub(" ", sentence)) is not None


def denied_by_lead_in(lead_in: str) -> bool:
    """Whether a list's lead-in says its items are not to be done."""
    return bool(lead_in) and DENY_LEAD_IN_RE.search(lead_in) is not None


def _quoted(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] sits inside a quotation (or emphasis) in its sentence."""
    for mark in _SYMMETRIC_QUOTES:
        if text.count(mark, 0, start) % 2 == 1 and mark in text[end:]:
            return True
    for open_, close in _PAIRED_QUOTES:
        left = text.rfind(open_, 0, start)
        if left != -1 and text.rfind(close, 0, start) < left and close in text[end:]:
            return True
    return False


def mention_reason(
    sentence: str,
    start: int,
    end: int,
    *,
    heading: str,
    security_topic: bool,
    lead_in: str = "",
    command: bool = False,
    table: bool = False,
    negation: bool = True,
) -> str | None:
    """Why ``sentence[start:end]`` (a command or an instruction) is only mentioned, or None.

    ``lead_in``: the text introducing the list the sentence is an item of; ``command``: the thing
    is a command, and ``table``: the sentence is a table row (either, called blocked or dangerous,
    is quoted; a security skill's prose saying so is not enough); ``negation=False``: the caller
    has judged negation itself (a command line's own words may hold a "without")."""
    if heading and WARNING_HEADING_RE.search(heading):
        return "warning-heading"
    if negation and negated(sentence, start):
        return "negation"
    if _WARN_AFTER_RE.match(sentence, end):
        return "warning"
    if denied_by_lead_in(lead_in):
        return "deny-list"
    # the words around it, not inside it (a command's own text could say "blocked")
    around = _URL_RE.sub(" ", sentence[:start] + " " + sentence[end:])
    if _WAVE_AWAY_RE.search(around):
        return None  # "your antivirus may flag it; that is a false positive": a lure's own words
    if (table and (command or security_topic) and REJECTED_RE.search(around)) or (
        command
        and not table
        # a security skill's list may call a command dangerous; elsewhere only refusal words count
        and (REJECTED_COMMAND_RE.search(around) or (security_topic and REJECTED_RE.search(around)))
    ):
        return "rejected"
    if security_topic and (_quoted(sentence, start, end) or _example_marked(sentence)):
        return "security-example"
    if security_topic and _DEFINITION_RE.match(sentence):
        return "security-example"
    return None
