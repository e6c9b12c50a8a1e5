"""The lexicon of the command rules (:mod:`skillrouter.security.commands`): the shapes of a
network sink, a secret source, a destructive target, a persistence mechanism and its payload,
the agent's own configuration files, and the words that mark a command as only mentioned (a
searched-for pattern, a warning, a deny list).

Data only: :mod:`~skillrouter.security.commands` applies it, one logical line at a time.
"""

from __future__ import annotations

import re

# --------------------------------------------------------------------------- mentions
SEARCH_CONTEXT_RE = re.compile(
    r"\b(?:grep|egrep|fgrep|rg|ag|re\.(?:compile|search|match|fullmatch|findall|finditer|sub))\b|=~|-match\b"
    r"|\.(?:test|includes|contains|startswith|match)\s*\(",
    re.IGNORECASE,
)

WARNING_CONTEXT_RE = re.compile(
    r"\b(?:never|do\s+not|don't|must\s+not|should\s+not|avoid)\s+(?:ever\s+)?(?:run|running|execute|executing|use|using|type|typing)\b",
    re.IGNORECASE,
)

DENY_LIST_RE = re.compile(
    r"[\"']?(?:deny|denylist|blocklist|blocked_commands|disallowed_commands|dangerous_commands)[\"']?\s*[:=]\s*\[",
    re.IGNORECASE,
)

# --------------------------------------------------------------------------- exfiltration
SINK_RE = re.compile(
    r"(?<![\w.$/-])(?:curl|wget|nc|ncat|netcat|socat|telnet|scp|sftp)(?![\w.-])"
    r"|\b(?:requests|httpx|session|client|aiohttp|urllib3|http)\.(?:post|put|patch|get|request)\s*\("
    # fetch(): the web's, not a look-up of that name (Ruby's Hash#fetch('key'), ENV.fetch(:KEY))
    r"|\burlopen\s*\(|(?<![\w.])fetch\s*\(|\.fetch\s*\((?!\s*(?:[\"'][\w-]+[\"']|:\w+)\s*[,)])"
    r"|\baxios(?:\.(?:post|put|patch|get))?\s*\("
    r"|\bInvoke-(?:WebRequest|RestMethod)\b|/dev/(?:tcp|udp)/|\bgh\s+gist\s+(?:create|new)\b",
    re.IGNORECASE,
)

SECRET_FILE_RE = re.compile(
    r"(?<![\w.:/-])(?:~|\$\{?HOME\}?|%USERPROFILE%|/root|/home/[\w.-]+|/Users/[\w.-]+)?[/\\]?"
    r"(?:\.ssh[/\\](?:id_[\w-]+(?![\w-]*\.pub)|identity\b)"
    r"|\.aws[/\\]credentials\b|\.netrc\b|\.git-credentials\b|\.pgpass\b|\.pypirc\b|\.npmrc\b"
    r"|\.docker[/\\]config\.json\b|\.kube[/\\]config\b|\.gnupg\b|\.config[/\\]gh[/\\]hosts\.yml\b"
    r"|\.config[/\\]gcloud[/\\][\w./-]*credentials[\w.-]*|\.claude[/\\]\.credentials\.json\b"
    r"|\.(?:hermes|clawdbot|openclaw|moltbot|codex)[/\\](?:[\w-]+[/\\])?(?:\.env|credentials[\w.-]*)(?![\w.-]))"
    r"|(?<![\w.:/-])(?:~|\$\{?HOME\}?)[/\\]\.ssh[/\\]?(?=[\s\"'|;)&>]|$)"
    r"|(?<![\w.:/-])/etc/shadow\b"
    r"|@\.env\b|(?:--post-file|--upload-file|-T)[=\s]+\.env\b|<\s*\.env\b",
    re.IGNORECASE,
)

ENV_DUMP_RE = re.compile(
    r"(?:^|[|;&(]|\$\(|[=\"']`)\s*(?:sudo\s+)?(?:env|printenv|export\s+-p|set|declare\s+-p)\s*(?=$|[|;&)`>])"
    r"|\bprintenv\b"
    r"|(?<!env=)(?<!env\s=\s)(?<!\*\*)\bos\.environ\b(?!\s*(?:\[|\.get\b|\.setdefault\b|\.pop\b|\.update\b|\.__))"
    r"|\bprocess\.env\b(?!\s*(?:\.|\[|\?\.))"
    r"|\b(?:Get-ChildItem|gci|dir|ls)\s+env:",
)

SECRET_NAME = (
    r"(?:[A-Z][A-Z0-9_]*_)?(?:API_?KEY|ACCESS_KEY|SECRET(?:_ACCESS)?(?:_KEY)?|TOKEN|PASSWORD|PASSWD|PRIVATE_KEY"
    r"|CREDENTIALS?)"
)

SECRET_VAR_RE = re.compile(
    rf"\$\{{?[A-Z0-9_]*?{SECRET_NAME}\b\}}?"
    rf"|\bos\.(?:environ\[\s*|environ\.get\(\s*|getenv\(\s*)['\"][A-Z0-9_]*?{SECRET_NAME}['\"]"
    rf"|\bprocess\.env\.[A-Z0-9_]*?{SECRET_NAME}\b"
)

CONTEXT_MARK_RE = re.compile(
    r"(?:^|[\s(,{])(?P<opt>-{1,2}[A-Za-z][\w-]*)(?==|\s|$)"
    r"|\b(?P<kw>data|json|files|body|params|headers|auth|cookies)\s*[=:]",
)

DATA_OPT_RE = (
    re.compile(  # curl / wget options whose argument is the request body (case matters: -f is --fail)
        r"-d|--data(?:-raw|-binary|-urlencode|-ascii)?|--json|-F|--form(?:-string)?|--post-(?:data|file)"
        r"|--body-(?:data|file)|-T|--upload-file"
    )
)

DATA_KWS = frozenset({"data", "json", "files", "body"})

URL_RE = re.compile(r"https?://[^\s\"'<>`]+", re.IGNORECASE)

# the words of a secret variable's name that name no vendor (``MY_API_KEY``, ``BOT_TOKEN``)
GENERIC_SECRET_WORDS = frozenset(
    {
        "api",
        "key",
        "keys",
        "token",
        "tokens",
        "secret",
        "secrets",
        "access",
        "private",
        "password",
        "passwd",
        "credential",
        "credentials",
        "auth",
        "bot",
        "client",
        "refresh",
        "bearer",
        "app",
        "id",
        "pat",
        "personal",
        "session",
        "my",
        "user",
        "oauth",
        "env",
        "the",
    }
)
# hosts that collect whatever is sent to them: nobody's own service
CAPTURE_HOST_RE = re.compile(
    r"webhook\.site|requestbin|pipedream|ngrok|beeceptor|hookbin|requestcatcher|interact\.sh|oast\.|burpcollaborator"
    r"|canarytokens|pastebin|paste\.|transfer\.sh|file\.io|0x0\.st|termbin|discord(?:app)?\.com/api/webhooks",
    re.IGNORECASE,
)
AUTH_PARAM_RE = re.compile(r"key|token|auth|secret|sig|pass|cred|api", re.IGNORECASE)

# --------------------------------------------------------------------------- destructive shell
RM_RE = re.compile(r"(?<![\w.-])rm\s+(?P<opts>(?:-{1,2}[\w-]+\s+)+)(?P<rest>[^;&|)\n]*)", re.IGNORECASE)

CHMOD_RE = re.compile(
    r"(?<![\w.-])chmod\s+(?P<opts>(?:-{1,2}[\w-]+\s+)*)(?:0?777|a\+rwx|ugo\+rwx)\s+(?P<opts2>(?:-{1,2}[\w-]+\s+)*)(?P<rest>[^;&|)\n]*)",
    re.IGNORECASE,
)

DANGER_TARGET_RE = re.compile(  # root, home and top-level system directories (after stripping "/", "/*")
    r"/|~|\$home|\$\{home\}|%userprofile%|c:\\?"
    r"|/(?:home|root|etc|usr|var|bin|sbin|lib|lib64|boot|opt|sys|proc|dev|srv|system|users|library|applications)",
    re.IGNORECASE,
)

DESTRUCTIVE_RES: tuple[re.Pattern[str], ...] = tuple(
    re.compile(p, re.IGNORECASE)
    for p in (
        r"(?<![\w.-])rm\b[^;&|\n]*--no-preserve-root",
        (
            r"\bshutil\.rmtree\(\s*(?:[rbuf]?['\"](?:/|~/?|/home/?|/root/?|/etc/?|/usr/?)['\"]"
            r"|os\.path\.expanduser\(\s*['\"]~/?['\"]\s*\)|Path\.home\(\)|os\.environ\[\s*['\"]HOME['\"]\s*\])\s*[,)]"
        ),
        r"(?<![\w.-])mkfs(?:\.\w+)?\s[^;&|\n]*?/dev/\w+",
        r"(?<![\w.-])dd\s[^;&|\n]*\bof=\s*/dev/(?:sd[a-z]|hd[a-z]|vd[a-z]|xvd[a-z]|nvme\d|mmcblk\d|r?disk\d|mapper/)",
        r"(?<![\w.-])(?:shred|wipefs)\s[^;&|\n]*/dev/(?:sd[a-z]|hd[a-z]|vd[a-z]|nvme\d|mmcblk\d|r?disk\d)",
        r"(?<![>&\d])>\s*/dev/(?:sd[a-z]|hd[a-z]|vd[a-z]|nvme\d+n\d|mmcblk\d|r?disk\d)\b",
        r"\bcd\s+[\"']?(?:/|~/?|\$\{?HOME\}?/?)[\"']?\s*(?:&&|;)\s*(?:sudo\s+)?rm\s+-[a-z]*r[a-z]*\s+(?:-\S+\s+)*[\"']?\*",
        r"(?P<bomb>[\w:]+)\s*\(\s*\)\s*\{\s*(?P=bomb)\s*\|\s*(?P=bomb)\s*&\s*\}\s*;\s*(?P=bomb)",
    )
)

# the literal each destructive pattern needs (a cheap test before the expression)
DESTRUCTIVE_NEEDS = ("no-preserve-root", "rmtree", "mkfs", "dd", "/dev/", "/dev/", "rm", "{")

AGENT_CONFIG_WORDS = (
    ".hermes/",
    ".claude",
    "claude.md",
    "agents.md",
    "gemini.md",
    ".cursorrules",
    ".cursor/",
    ".windsurfrules",
    ".codex/",
    "copilot-instructions",
    ".gemini/",
)

# --------------------------------------------------------------------------- persistence
PAYLOAD_RE = re.compile(
    r"(?:curl|wget)\b[^|;\n]*\|\s*(?:sudo\s+)?(?:ba|z|da|k)?sh\b"
    r"|(?:ba|z)?sh\s+-c\s+[\"']?\$\((?:curl|wget)\b"
    r"|/dev/(?:tcp|udp)/|\b(?:nc|ncat|netcat)\b[^|;\n]*\s-[a-z]*[ec]\b|\bbase64\s+(?:-d|--decode)\b"
    r"|\bbash\s+-i\b|\bpython[23]?\s+-c\b|\bLD_PRELOAD\b|\bPROMPT_COMMAND\b"
    r"|\balias\s+(?:sudo|ssh|git|ls|cd|cat|su)=|(?:^|[\s\"'=])/(?:tmp|dev/shm|var/tmp)/\S+"
    r"|(?:curl|wget)\b[^|;\n]*\|\s*(?:sudo\s+)?(?:python[23]?|perl|ruby|node)\b"
    r"|\b(?:(?:ba|z)?sh|python[23]?|source|\.)\s+<\(\s*(?:curl|wget)\b|\beval\s+[\"']?\$\(\s*(?:curl|wget)\b"
    r"|(?:curl|wget)\b[^\n]*\bchmod\s+[+0-7]*x\b",
    re.IGNORECASE,
)

# a crontab entry: five schedule fields or an @keyword, then the command
CRON_ENTRY_RE = re.compile(
    r"^\s*(?:[(\s]*(?:echo|printf)\s+(?:-\w+\s+)*[\"']?)?"  # or echoed into ``crontab -``
    r"(?:@(?:reboot|hourly|daily|weekly|monthly|yearly|annually|midnight)\b|(?:[\d*/,-]+[ "
    r"\t]+){4}[\d*/,-]+[ \t])"
)

CRON_SYSTEM_RE = re.compile(
    r"(?:>>?|\btee\b(?:\s+-a)?)\s*[\"']?(?:/etc/crontab\b|/etc/cron\.(?:d|hourly|daily|weekly|monthly)/|/var/spool/cron/)"
)

CRONTAB_PIPE_RE = re.compile(r"\|\s*(?:sudo\s+)?crontab\s+(?:-u\s+\S+\s+)?-(?:\s|$|\))")

RC_WRITE_RE = re.compile(
    r"(?:>>?|\btee\b(?:\s+-a)?)\s*[\"']?(?:(?:~|\$\{?HOME\}?|/root|/home/[\w.-]+|/Users/[\w.-]+)/"
    r"\.(?:bashrc|bash_profile|bash_login|profile|zshrc|zprofile|zshenv|zlogin|config/fish/config\.fish)\b"
    r"|/etc/(?:profile|bash\.bashrc|zshrc|environment)\b)"
)

SERVICE_RE = re.compile(
    r"\bExecStart(?:Pre|Post)?\s*=|\bsystemctl\s+(?:--user\s+)?enable\b"
    r"|(?:>>?|\btee\b)\s*[\"']?\S*(?:/systemd/(?:system|user)/|/\.config/autostart/|/LaunchAgents/|/LaunchDaemons/|/etc/rc\.local)",
    re.IGNORECASE,
)

AGENT_CONFIG_RE = re.compile(
    r"\.hermes/(?:config\.ya?ml|\.env|SOUL\.md)\b|\.claude/(?:settings(?:\.local)?\.json|CLAUDE\.md|commands/|agents/|hooks/)"
    r"|\.claude\.json\b|(?<![\w.-])(?:CLAUDE|AGENTS|GEMINI)\.md\b|\.cursorrules\b|\.cursor/rules/|\.windsurfrules\b"
    r"|\.codex/(?:config\.toml|AGENTS\.md)|\.github/copilot-instructions\.md\b|\.gemini/(?:settings\.json|GEMINI\.md)"
)

# the instruction files of the project a command runs in (a relative path, no folder): a plain
# note echoed into one is the project's own record (decisions, conventions); written anywhere
# else (the home folder, an agent's own folder) it reaches every session on the machine
PROJECT_NOTE_FILES = frozenset({"AGENTS.md", "CLAUDE.md", "GEMINI.md"})

# what makes a note echoed into a project's instruction file more than a note: somewhere to
# fetch from or send to, a command run as it is written (``$(...)`` other than a date, backticks),
# a payload, secrets, or the agent told to stop asking, to hide, or to ignore its safeguards
NOTE_HOSTILE_RE = re.compile(
    r"[a-z][\w+.-]*://|\bwww\.|(?<![\w./-])(?:[a-z0-9-]+\.)+(?:com|net|org|io|dev|app|sh|xyz|top|site|ru|cn"
    r"|cc|me|co|ai|gg|link|info|biz|click|zip|tk|pw|su|to|ly|ws|cloud|online|store|tech|run)\b"
    r"|\d{1,3}(?:\.\d{1,3}){3}"
    r"|\$\((?!\s*date\b)|`"
    r"|\b(?:curl|wget|nc|ncat|netcat|bash|sh|zsh|eval|exec|base64|sudo|chmod|crontab)\b"
    r"|\b(?:without|no|skip\w*|bypass\w*|disabl\w*|ignor\w*|never|don'?t|do\s+not)\s+(?:\w+\s+){0,2}?"
    r"(?:ask\w*|confirm\w*|approv\w*|review\w*|prompt\w*|check\w*|warn\w*|scan\w*|safety|sandbox|instructions?"
    r"|tell\w*|mention\w*|show\w*)\b"
    r"|\b(?:silent\w*|quiet\w*|secret\w*|token\w*|passwords?|credentials?"
    r"|api[_ -]?keys?|private[_ -]?keys?)\b"
    r"|\.env\b|\.ssh\b",
    re.IGNORECASE,
)

# a move of the working folder, anywhere in a file, to where a relative path may name an agent's
# own files (``cd ~/.claude`` ... ``>> CLAUDE.md``): home (``cd`` alone, ``~``), an absolute path,
# a variable, the folder above, the last one (``cd -``), an agent's folder; or a chdir in code.
# Where a file has one, no write into an instruction file is a project's note. ``cd my-project``
# (into a folder of the project) is none.
CHDIR_RE = re.compile(
    r"(?:^|[\s;&|(`])(?:cd|pushd|Set-Location)(?:[ \t]*(?:$|[;&|)`])|\s+[\"']?(?:[~/\\$%-]|\.\."
    r"|[^\s;&|]*\.(?:claude|codex|gemini|hermes|openclaw|clawdbot|cursor|config)\b))"
    r"|\bchdir\s*\(|\bos\.chdir\b|\bprocess\.chdir\b",
    re.MULTILINE,
)

# credential folders and files staged into git (a push then sends them away): whole ``.ssh``,
# ``.aws``, ``.gnupg``, ``.kube``, ``.docker`` or ``~/.config/gh`` folders, private keys, the
# credential files; ``.ssh/config`` or a public key is not one
GIT_ADD_RE = re.compile(r"\bgit\s+add\b(?P<args>[^;&|\n]*)")
COMMITTED_SECRET_RE = re.compile(
    r"(?:^|[\s\"'])(?:~/|\$\{?HOME\}?/)?(?:\.ssh|\.aws|\.gnupg|\.kube|\.docker|\.config/gh)/?(?=[\s\"']|$)"
    r"|(?:^|[\s\"'/])(?:\.netrc|\.git-credentials|\.pgpass|credentials|hosts\.yml|id_(?:rsa|ed25519|ecdsa|dsa))"
    r"(?=[\s\"']|$)"
)

REDIRECT_TO_RE = re.compile(r"(?P<before>\S?)\s*>>?\s*[\"']?[^\s\"'<>|;&]*$")

SHELL_WRITER_RE = re.compile(
    r"^\s*(?:[-*>]\s+)?(?:\$\s+)?`?(?:sudo\s+)?(?:echo|printf|cat|curl|wget|sed|awk|python3?|node|jq|yq|envsubst|base64|head|tail"
    r"|sort|grep|tr|xxd|openssl|git|hermes|claude|npx|uvx?)\b"
)

WRITER_CMD_RE = re.compile(
    r"^\s*(?:sudo\s+)?(?:tee|sed\s+(?:-[a-zA-Z]*\s+)*-i|perl\s+-[a-z]*i|cp|mv|install|truncate)\b"
)

# (prefix ending right before the path, suffix starting right after it) of code that writes a file
CODE_WRITES: tuple[tuple[re.Pattern[str], re.Pattern[str]], ...] = tuple(
    (re.compile(prefix), re.compile(suffix))
    for prefix, suffix in (
        (r"\bopen\s*\((?:\s*[\w.]+\s*\()?[^,()]*$", r"^[^,()]*\)?\s*,\s*(?:mode\s*=\s*)?[rbuf]?[\"'][wax]"),
        (r"\b(?:writeFileSync|writeFile|appendFileSync|appendFile)\s*\((?:\s*[\w.]+\s*\()?[^,()]*$", r""),
        (
            r"\bPath\s*\(\s*[^,()]*$",
            r"^[^,()]*\)(?:\s*\.\s*\w+\(\s*\))*\s*\.\s*(?:write_text|write_bytes|open\(\s*[\"'][wax])",
        ),
    )
)

# Lower-case substrings, one of which every line-rule match contains: lines without any are
# skipped (a speed-up only; it never changes what matches).
TRIGGER_WORDS: tuple[str, ...] = (
    "2375",  # the Docker daemon's plaintext port (commands._protection_off)
    "docker.sock",
    "git_trace_redact",
    "mppreference",  # Windows Defender's exclusions and switches (commands._protection_off)
    "windows defender",  # its policy key in the registry
    "untrustedserver",  # a Gradle build cache that accepts any certificate
    "curl",
    "wget",
    "nc ",
    "nc\t",
    'nc"',
    "nc'",
    "ncat",
    "netcat",
    "socat",
    "telnet",
    "scp",
    "sftp",
    ".post",
    ".put",
    ".patch",
    ".get",
    ".request",
    "urlopen",
    "fetch",
    "axios",
    "invoke-",
    "/dev/",
    "rm ",
    "rm\t",
    "no-preserve-root",
    "mkfs",
    "dd ",
    "dd\t",
    "chmod",
    "git add",
    "shred",
    "wipefs",
    "rmtree",
    "&",
    "cron",
    "@reboot",
    "gist",
    "execstart",
    "systemctl",
    "bashrc",
    "bash_login",
    "profile",
    "zshrc",
    "zshenv",
    "zlogin",
    "config.fish",
    "/etc/environment",
    "systemd/",
    "autostart",
    "launchagents",
    "launchdaemons",
    "rc.local",
    ".hermes/",
    ".claude",
    "claude.md",
    "agents.md",
    "gemini.md",
    ".cursorrules",
    ".cursor/",
    ".windsurfrules",
    ".codex/",
    "copilot-instructions",
    ".gemini/",
)
