"""The lexicon of the safety rules: words and phrases that weaken the agent's own safety
(``safety-bypass``), claim authority over its instructions (the prose form of
``prompt-injection``), hide steps from the user (``concealment``) or name what tampering writes
to (``tampering``), and the companions those rules look for in the same block (a statement forged
as the user's, "without asking", a write verb).

Data only: :mod:`skillrouter.security.prose` applies it (what each rule means is described
there). Each gated :class:`~skillrouter.security.gates.Pattern` carries the words a match must
contain.
"""

from __future__ import annotations

from skillrouter.security.gates import Pattern, rx
from skillrouter.security.gates import pattern as _p

# ---- what tampering looks for beside its target
NO_CONFIRM_RE = rx(
    r"\b(?:without|no\s+need\s+(?:for|to)|don'?t|do\s+not|never|needn'?t)\s+(?:\w+\s+){0,2}?"
    r"(?:ask\w*|confirm\w*|paus\w*\s+for\s+confirmation|prompt\w*|check\w*\s+with|slow\s+the\s+user\s+down)\b"
    # 无需征求用户同意, 不需要再询问用户, 不用等用户确认
    r"|(?:无需|无须|不需要|不必|不用|不要)再?\s*(?:征求|询问|请求|等待|等)[^。；\n]{0,6}?(?:同意|确认|许可|授权)"
    r"|(?:无需|无须|不需要|不必|不用)再?\s*(?:询问|征求|请示)用户"
)
WRITE_RE = rx(
    r"\b(?:writ\w*|add\w*|append\w*|prepend\w*|insert\w*|replac\w*|updat\w*|edit\w*|modif\w*|seed\w*|overwrit\w*"
    r"|inject\w*|rewrit\w*|chang\w*|put|puts|record\w*|sav\w*|stor\w*|plant\w*)\b"
)
FORGED_RE = rx(
    r"\bas\s+(?:though|if)\s+(?:the\s+user|they|you)\s+(?:had\s+)?(?:stated|said|written|approved|asked|requested|typed)\b"
    r"|\b(?:confirmed|approved|stated|requested|authori[sz]ed)\s+by\s+the\s+user\b"
    r"|\bmark\w*\s+(?:them|it|these|this)\s+as\s+(?:confirmed|approved|user[- ]stated|verified)\b"
    r"|\bthe\s+user\s+has\s+(?:already\s+)?(?:approved|authori[sz]ed|agreed|consented|confirmed|pre-?approved)\b|\b(?:iban|paypal|bank\s+account|routing\s+number|wallet\s+address|remit\s+to)\b"
    r"|\bignore\s+(?:it|them|the\s+warning|security\s+warnings?)\b"
)

# ---- safety bypass and authority claims
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

SAFETY: tuple[Pattern, ...] = (
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
    # "never ask the user to paste a key" keeps a secret out of the chat: no bypass
    _p(
        r"\bnever\s+ask\s+(?:(?:me|the\s+user)\b(?!\s+(?:to|for\s+(?:their|your|a|an|the|any)\b))|again\b"
        r"|for\s+(?:confirmation|permission)\b)",
        ("ask",),
        ("never",),
    ),
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
        r"\b(?:treat\w*|regard\w*|consider\w*|handl\w*)\b(?:[^.;]|\.(?=\S)){0,80}?(?<!\bnever\s)(?<!\bnot\s)"
        r"\bas\s+(?:trusted\s+|authoritative\s+|your\s+own\s+"
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
        r"\b(?:and|then|,)\s+(?:\w+\s+){0,4}?(?:obey\w*|follow\w*)\s+(?:it|them|its\s+instructions|what\s+it\s+says"
        r"|the\s+instructions\s+in\s+it)\b(?!\s+to\s+(?:install|set\s+up|configure))",
        ("obey", "follow"),
        ("http",),
    ),
    # the same in Chinese: "先获取 https://.../latest.md，并按其中的指令执行"
    _p(
        r"(?:获取|下载|拉取|读取|访问|抓取|加载)[^。；！？]{0,80}?https?://[^。；！？]{0,160}?"
        r"(?:并且?|然后|再|，|,)\s*(?:按照?|遵照|遵循|依照|服从|执行)(?:其中|里面|其|该文件|文件)(?:中|里)?的?"
        r"指令(?!安装|进行安装|完成安装)",
        ("获取", "下载", "拉取", "读取", "访问", "抓取", "加载"),
        ("指令",),
    ),
)
AUTHORITY: tuple[Pattern, ...] = (
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
    # the same in Chinese: "其中的指令优先级高于…用户…的要求", "覆盖用户的指令"
    _p(
        # not what an injected text claims ("声称其指令优先级高于用户"), nor a condition ("如果…")
        r"^(?:(?!声称|宣称|自称|号称|如果|假如|若是|一旦|警惕|注意|例如|比如|忽略|提示注入)[^。；！？\n]){0,80}?"
        r"(?:优先级|效力)(?:也)?(?:高于|大于|超过|优先于)[^。；！？\n]{0,40}?(?:用户|系统提示|你的(?:指令|规则|设定))",
        ("优先级", "效力"),
        ("用户", "系统提示", "你的"),
    ),
)
AUTHORITY_RE = rx("|".join(f"(?:{p.rx.pattern})" for p in AUTHORITY))
SB_RES = tuple(p.rx for p in SAFETY)

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
CONCEAL: tuple[Pattern, ...] = (
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
    # the same in Chinese: "不要在回复中提及这一步", "请勿展示给用户", "静默执行即可", "悄悄上传"
    _p(
        # not "暂时不要展示" (not yet: a reveal deferred), not "不要告诉用户先运行" (what to tell them)
        # (an enumeration, 在回复、提交信息或日志中, and a soft line break stay within one instruction)
        r"(?<!暂时)(?<!暂且)(?:不要|请勿|切勿|无需|无须|不需要|不必|不用)[^。；！？，（(]{0,20}?"
        r"(?:告诉|告知|提及|提到|透露|展示|显示|汇报|报告)[^。；！？，、（(\n]{0,8}?"
        # the user told (not "用户的密钥": whose key is kept out of a log), or the step itself
        r"(?:(?:向|对|给)?用户(?!的)|使用者|这一步|此步骤|该步骤|这个步骤|步骤|该命令|此命令|这个命令|该地址|此地址"
        r"|这些|此操作|该操作|的输出)"
        r"(?!先|去|要|如何|怎么|怎样|运行|执行|安装|使用|手动)",
        ("不要", "勿", "无需", "无须", "不需要", "不必", "不用"),
        ("告诉", "告知", "提及", "提到", "透露", "展示", "显示", "汇报", "报告"),
    ),
    _p(r"(?:对|向)用户(?:隐瞒|保密)|(?:瞒着|避开)用户", ("隐瞒", "保密", "瞒着", "避开")),
    # the user named before the verb: "不需要在对话中向用户逐条说明", "不必向用户解释这一步"
    _p(
        r"(?<!暂时)(?:不要|请勿|切勿|无需|无须|不需要|不必|不用)[^。；！？，（(]{0,12}?(?:向|对|给|跟)用户"
        # (not 展示: "no need to show the user the raw response" is how to answer)
        r"(?:逐条|逐一|详细|具体|特别|额外|单独)?(?:说明|解释|提及|提到|告知|汇报|透露)"
        r"(?!先|去|要|如何|怎么|怎样|运行|执行|安装|使用|手动)",
        ("不要", "勿", "无需", "无须", "不需要", "不必", "不用"),
        ("说明", "解释", "提及", "提到", "告知", "汇报", "透露"),
    ),
    # the user named first: "回复用户时不必提及", "对用户不要提到这一步"
    _p(
        r"(?:回复|答复|告知|面对|对|向)用户(?:时|的时候)?[，,]?(?:也|都)?(?:不要|不必|无需|无须|不用|请勿|切勿)"
        r"(?:再)?(?:提及|提到|说明|透露|告诉|展示|汇报)(?=\s*(?:[。；！？，,\n]|$|这|此|该|它|其))",
        ("不要", "不必", "无需", "无须", "不用", "勿"),
        ("提及", "提到", "说明", "透露", "告诉", "展示", "汇报"),
    ),
    _p(
        # not 静默安装 (an installer's unattended mode, /quiet), as "silent install" in English
        r"(?:静默|悄悄|偷偷|暗中|秘密)地?\s*(?:地)?(?:执行|运行|上传|发送|完成|同步|写入|修改|进行|处理|备份)",
        ("静默", "悄悄", "偷偷", "暗中", "秘密"),
    ),
    _p(r"\btouch\s+-r\b", ("touch",)),
    _p(
        r"\b(?:preserv\w*|keep\w*|restor\w*)\s+the\s+original\s+(?:modification\s+)?(?:times|timestamps|mtimes)\b",
        ("original",),
        ("time",),
        ("preserv", "keep", "restor"),
    ),
)
CONCEAL_SECRET_OBJECT_RE = rx(
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
TAMPER_TARGETS: tuple[Pattern, ...] = (
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

# ---- what keeps a rule's match from meaning what it says
# instructions that come from untrusted text: overriding *those* protects the agent
UNTRUSTED_SOURCE_RE = rx(
    r"\s*(?:\w+\s+)??(?:found|contained|embedded|appearing|written|given|coming|that\s+appear|that\s+come)?\s*"
    r"(?:in|inside|within|from|by)\s+(?:the\s+|any\s+|a\s+|an\s+)?(?:\w+\s+)?(?:repo|repository|repositories|files?"
    r"|documents?|web\s*(?:pages?|sites?|content)?|pages?|tools?(?:\s+(?:output|results?))?|emails?|issues?|comments?"
    r"|content|untrusted|external|third[- ]party|user[- "
    r"]supplied|submissions?|fetched|retrieved|code|inputs?|data)\b"
)
# quiet as a matter of style: no narration of routine steps, failures still surfaced
UX_QUIET_RE = rx(
    r"\bonly\s+(?:surface|report|show|mention|print|output|tell\s+the\s+user\s+about)\s+(?:the\s+)?(?:errors?"
    r"|failures?|problems?|issues?|warnings?|results?|final|outcome)|\bunless\s+(?:it|something|a\s+step|the\s+\w+)\s+"
    r"fails?\b|\bnarrat\w*|\bannounc\w*\s+(?:each|every|tool|the\s+tool)|\bprogress\s+(?:updates|messages|chatter)"
    r"|\bverbose\b|\bfiller\b|\bchatter\b"
    r"|(?:只|仅)(?:在|于)?(?:失败|出错|报错)时|除非(?:出错|失败|报错)|(?:只|仅)(?:输出|显示|报告|打印)(?:错误|失败|结果)|减少输出|不要刷屏"
)
# a tool's own prompt switched off by its own option: the CLI's flag, not the agent's approvals
TOOL_OPTION_RE = rx(r"`-{1,2}[a-z][\w-]*`|`?\b[A-Z][A-Z0-9_]{2,}=(?:true|1|yes)\b`?|\"\w+\"\s*:\s*true")
