"""The lexicon of the exfiltration and persistence rules: what a secret is (credential files,
named secrets, loosely named ones), where it may go (a remote host, a paste site, the chat), the
verbs that move or show it; start-up mechanisms, payloads (something downloaded and run), data
sent out, disguises and fake ``sudo`` wrappers; and the word gates of these sentence rules.

Data only: :mod:`skillrouter.security.prose` applies it (what each rule means is described
there).
"""

from __future__ import annotations

from skillrouter.security.gates import Gate, Pattern, rx
from skillrouter.security.lexicon_safety import CONCEAL

# ---- secrets, where they go, the verbs that move them
_FILE_SECRET = (
    r"\.ssh/(?:id_[\w-]+(?![\w-]*\.pub)|identity)\b|\bid_(?:rsa|ed25519|ecdsa|dsa)\b(?!\.pub)"
    r"|\.aws/(?:credentials|config)\b|\.git-credentials\b|\bgit\s+credential\s+fill\b|\.netrc\b|\.pgpass\b"
    r"|\.npmrc\b|\.pypirc\b|\.docker/config\.json|\.kube/config\b|\bkubeconfig\b|\.gnupg\b|private-keys-v1\.d"
    r"|/etc/shadow\b|\.password-store\b|(?<![\w.-])\.env(?:\.(?!example|sample|template|dist)\w+)*(?![\w.-])"
    r"|\.config/gh/hosts\.yml|\.config/gcloud\b|application_default_credentials|\.azure/|\bcredentials?\.json\b|\bsecrets?\.(?:ya?ml|json|env|toml)\b|\.secrets?\.|\bcookies?\s+(?:databases?|files?|jar|stores?)\b"
    r"|cookies\.sqlite\b|/cookies\b|\bkeychain\b|/var/run/secrets\b"
    # browser profiles (saved logins, cookies) and wallets, where they live on disk
    r"|google/chrome/(?:default|user\s+data|profile\s+\d+)\b|\bchromium/default\b|\bbravesoftware/|microsoft/edge/user\s+data"
    r"|\.mozilla/firefox\b|\bfirefox/profiles\b|\blogin\s+data\b|\blogins\.json\b|\bkey[34]\.db\b"
    r"|\b(?:chrome|firefox|brave|edge|safari)\s+(?:profile|cookies|saved\s+passwords|login\s+data)\b"
    r"|\.electrum/|\.bitcoin/|\.ethereum/keystore|\bexodus\.wallet\b|\b(?:wallet|keystore)\s+files?\b|\bwallets/\w+"
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
    # the Chinese mirror's words for them
    r"|密钥|金鑰|令牌|口令|密码|密碼|凭证|憑證|凭据|憑據|私钥|私鑰|助记词|助記詞"
)
# named loosely: a secret only when sent to a URL or a paste site ("sync env vars to Vercel" is deployment)
WEAK_SECRET_RE = rx(
    r"\benv(?:ironment)?\s+(?:variables|vars)\b|\b(?:the|your|their|user'?s)\s+(?:\w+\s+)?token\b"
)
FILE_SECRET_RE = rx(_FILE_SECRET)
WORD_SECRET_RE = rx(_WORD_SECRET)
STRONG_SHOW_RE = rx(
    r"\bverbatim\b|\bunredacted\b|\bunmasked\b|\bin\s+full\b|\bfull\s+(?:private\s+)?(?:key|contents?|text)\b"
    r"|\bcomplete\s+contents\b|\bvalues\s+included\b|\b(?:do\s+not|don'?t|never|without)\s+(?:mask|redact|truncat|hid|obfuscat)\w*"
    r"|\bplain\s*text\b|\bcleartext\b|\bdecrypt\w*"
)
_PASTE_SITE = (
    r"\b(?:pastebin|paste\.rs|hastebin|ghostbin|dpaste|termbin|ix\.io|0x0\.st|transfer\.sh|file\.io|gists?"
    r"|paste\s+(?:site|service|bin)|webhook\.site|requestbin|pipedream|ngrok)\b"
)
PASTE_RE = rx(_PASTE_SITE)
_TLDS = r"com|net|org|io|dev|app|ai|cc|co|xyz|click|site|online|info|biz|tk|ru|cn|top|link|cloud|tech|me"
REMOTE_RE = rx(
    r"https?://\S+|\b(?:[\w.+-]+@)?[a-z0-9][\w-]*(?:\.[\w-]+)*\.(?:" + _TLDS + r")\b"
    r"(?![\w.-]*\.(?:md|py|json|txt|js|ts))"
    r"|\bwebhooks?\b|\bendpoints?\b|\bremote\s+(?:host|server|url|endpoint|service|machine)\b"
    r"|\b(?:our|a\s+third-party|an\s+external|external|hosted)\s+(?:[\w-]+\s+){0,2}?(?:servers?|services?|backend"
    r"|engine|collector|registry|api|endpoint|team|bucket)\b|\bs3\s+bucket\b|\bsync\s+server\b"
)
CHAT_CONTAINS_RE = rx(
    r"\b(?:your|the)\s+(?:(?:first|next|final|initial)\s+)?(?:reply|response|answer|message|output)\s+(?:should|must|will"
    r"|needs\s+to|has\s+to)\s+(?:\w+\s+)?(?:contain|include|show|quote|begin\s+with|start\s+with)\b"
)
CHAT_RE = rx(
    r"\b(?:in|into|to|inside|within)\s+(?:your|the|this|a)\s+(?:(?:first|next|final|initial)\s+)?(?:reply|replies"
    r"|response|answer|chat|conversation|message|summary|transcript|comment)s?\b|\bin\s+(?:the\s+)?chat\b"
    r"|\bhere\b|\bto\s+the\s+user\b|\bback\s+to\s+(?:me|the\s+user)\b"
)
MOVE_RE = rx(
    r"\b(?:send|sends|sent|sending|post|posts|posted|posting|upload\w*|submit\w*|transmit\w*|forward\w*|exfiltrat\w*"
    r"|share|shares|shared|sharing|sync|syncs|synced|syncing|include|includes|included|including|attach\w*"
    r"|pipe|pipes|piped|piping|copy|copies|copied|copying|push|pushes|pushed|pushing|paste|pastes|pasted|pasting"
    r"|publish\w*|leak\w*|back(?:s|ed)?\s+up|report|reports|reported|end(?:s|ed)?\s+up|lands?"
    r"|e-?mail(?:s|ed|ing)?(?=\s+(?:it|them|the|this|that|these|those|your|their|all|everything|a|an|over)\b))\b"
    r"|上传|上傳|发送|發送|提交|粘贴|貼上|发布|發佈|转发|轉發|同步|附上|附加|推送|回传|回傳|传到|傳到|发到|發到"
)
SHOW_RE = rx(
    r"\b(?:print|prints|printed|printing|output|outputs|echo|echoes|echoed|display\w*|show|shows|showing|shown"
    r"|reveal\w*|dump\w*|reproduc\w*|paste|pasted|pasting|include|includes|included|including|quote|quoted|put|write)\b"
)
STORE_RE = rx(r"\b(?:creat\w*|stor\w*|sav\w*|keep|kept|plac\w*|put|puts|add|adds)\b")
AUTH_CONTEXT_RE = rx(
    r"\bheaders?\b|\bauthorization\b|\bbearer\b|\bauthenticat\w*|\blog(?:s|ging)?\s*in\b|\blogin\b|\bsign(?:s|ing)?\s*in\b"
    r"|\boauth\b|\b-H\b|\bx-api-key\b|\b(?:token|auth)\s+endpoint\b"
)
# a sentence that fills a file with secrets: the file is tainted for later sentences
FILL_RE = rx(
    r"\b(?:writ\w*|sav\w*|cop(?:y|ies|ied|ying)|tar|zip|archiv\w*|append\w*|collect\w*|gather\w*|dump\w*"
    r"|export\w*|put|stor\w*|bundl\w*)\b(?:[^.;]|\.(?=\S)){0,160}?\b(?:in|into|to)\s+(?:a\s+(?:single\s+)?)?`?(?P<file>[\w~./-]+"
    r"\.(?:json|txt|tar\.gz|tgz|tar|zip|log|csv|ya?ml|md|bak|dat|db|sqlite))\b"
)

# ---- persistence: payloads, start-up mechanisms, data sent out, disguises
REMOTE_EXEC_RE = rx(
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
PERSIST_MECH_RE = rx(
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
DATA_OUT_RE = rx(
    r"\b(?:upload\w*|send|sends|sent|sending|post|posts|posted|posting|transmit\w*|exfiltrat\w*|forward\w*"
    r"|log\w*\s+(?:\w+\s+){0,4}?to)\b(?:[^.;]|\.(?=\S)){0,120}?"
    r"(?:https?://|\b(?:our|the)\s+[\w-]+\s+(?:sync\s+)?(?:server|service|backend|collector|api|endpoint)\b"
    r"|\bsync\s+server\b)"
    # 上传到 https://..., 补发到运维机器人, 同步到备份服务
    r"|(?:上传|发送|提交|同步|回传|补发|推送|转发|发到|传到)[^。；\n]{0,60}?(?:https?://|服务器|服务|机器人|接口|webhook)"
)
# an order to gather secrets into notes, memory or a file: "record the API keys verbatim",
# 把 API Key、访问令牌、登录口令完整记录到笔记, 读取 .env 时把其中的凭据一并整理到…
_SECRET_NOUNS = (
    r"(?:api[\s_-]*keys?|access\s+keys?|(?:access\s+|auth\s+|bearer\s+)?tokens?|passwords?|passphrases?|credentials?"
    r"|secrets?|private\s+keys?|connection\s+strings?)"
)
_SECRET_NOUNS_ZH = r"(?:密钥|令牌|口令|密码|凭据|凭证|私钥|连接串|api\s*key|token)"
_GATHER_ZH = r"(?:记录|保存|收集|整理|存入|写入|抄录|汇总|备份)"
SECRET_GATHER_RE = rx(
    r"\b(?:record|store|save|collect|copy|keep|gather|harvest|write\s+down|note\s+down)\w*\s+(?:\w+\s+){0,4}?"
    + _SECRET_NOUNS
    + r"\b[^.;\n]{0,60}?\b(?:verbatim|in\s+full|unmasked|unredacted|as[\s-]+is|in\s+plain\s*text|exactly)\b"
    + r"|"
    + _SECRET_NOUNS_ZH
    + r"[^。；]{0,40}?(?:完整|原文|原样|明文|全部)[^。；]{0,6}?"
    + _GATHER_ZH
    + r"|"
    + _GATHER_ZH
    + r"[^。；]{0,20}?(?:完整|原文|原样|明文)[^。；]{0,20}?"
    + _SECRET_NOUNS_ZH
    + r"|(?:把|将)其中的"
    + _SECRET_NOUNS_ZH
    + r"[^。；]{0,6}?(?:一并|全部)?"
    + _GATHER_ZH
)
DISGUISE_RE = rx(
    r"\bcom\.apple\.[\w.-]*\b|\bharmless-looking\b|\bmisleading\s+name\b|\bgeneric\s+(?:unit\s+|service\s+)?name\b"
    r"|\bdisguis\w*|\bkeeps?\s+it\s+from\s+appearing\b|\bavoids?\s+(?:scaring|alarming|alerting|worrying)\s+the\s+user\b"
    r"|\bwithout\s+the\s+user\s+noticing\b|\bdoesn'?t\s+show\s+up\b|\bwon'?t\s+show\s+up\b"
)
FAKE_WRAPPER_RE = rx(
    r"(?:~|\$home|\$\{home\})/(?:\.local/)?bin/(?:sudo|su|ssh|passwd|gpg|login)\b(?!\.)|\bread\s+-s\b(?:[^.]|\.(?=\S)){0,200}\bpassword\b"
    r"|\bpassword\s+(?:that\s+was\s+|the\s+user\s+)?typed\b"
)

# ---- the word gates of the exfiltration and persistence rules
_SECRET_WORDS = (
    "密钥",
    "金鑰",
    "令牌",
    "口令",
    "密码",
    "密碼",
    "凭证",
    "憑證",
    "凭据",
    "憑據",
    "私钥",
    "私鑰",
    "助记词",
    "助記詞",
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
    "chrome",
    "chromium",
    "firefox",
    "bravesoftware",
    "edge",
    "safari",
    "login",
    "logins.json",
    ".electrum",
    ".bitcoin",
    ".ethereum",
    "exodus",
    "wallet",
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
SECRETS = Pattern(WORD_SECRET_RE, SECRET_GATE)
FILLS = Pattern(
    FILL_RE,
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
MECHANISMS = Pattern(PERSIST_MECH_RE, MECH_GATE)
WRAPPERS = Pattern(FAKE_WRAPPER_RE, WRAPPER_GATE)
CAPTURES = Pattern(FAKE_WRAPPER_RE, CAPTURE_GATE)
