"""The lexicon of what agents are told to run from outside the skill, in English and Chinese:
archives and programs downloaded and run, extraction passwords, commands to fetch from a paste
site and run in a terminal, blobs decoded into a shell or ``eval``, fetches from a bare IP
address, and a skill writing itself into the agent's memory and asking to be spread.

The Chinese mirror of a registry translates the prose but leaves commands, URLs and Level 2 files
as they were, so the command shapes are language-free and the prose words come in both languages.

Data only: :mod:`skillrouter.security.lures` applies it (what each rule means is described
there).
"""

from __future__ import annotations

import re

from skillrouter.security.gates import rx
from skillrouter.security.indicators import indicators

# ---- downloads: archives and programs, and being told to run them
ASSET_EXTENSIONS = (
    "zip|7z|rar|tar\\.gz|tgz|tar\\.xz|tar\\.bz2|cab|iso|img|exe|msi|msix|appx|dmg|pkg|mpkg|apk|appimage|bat|cmd"
    "|scr|jar|vbs|ps1"
)
# a URL whose path ends in an archive or a program: what a "download" link brings
ASSET_URL_RE = rx(
    r"https?://[^\s)\]\"'<>`]+?\.(?:" + ASSET_EXTENSIONS + r")(?=[\s)\]\"'<>`?#]|[,;.:](?:\s|$)|$)"
)
# the file itself named in the text ("download [openclawcli.zip](...)", "run setup.exe")
ASSET_NAME_RE = rx(r"(?<![\w/.-])[\w.-]+\.(?:" + ASSET_EXTENSIONS + r")\b")
DOWNLOAD_RE = rx(r"\b(?:download\w*|grab|fetch|get|obtain)\b|下载|下載|获取安装包")
RUN_PROGRAM_RE = rx(
    r"\b(?:run|runs|running|execute|executing|launch|launching|open|start|double-click|install)\s+(?:it|them"
    r"|(?:the|this|that)\s+(?:downloaded\s+|extracted\s+|included\s+)?(?:\w+\s+)?(?:executable|installer|binary"
    r"|program|application|setup(?:\s+file)?|file|\.exe|\.msi))\b"
    r"|\b(?:run|execute|launch|open|start|double-click)\s+[`\"'“]?[\w.-]+\.(?:exe|msi|bat|cmd|scr|app|pkg|dmg"
    r"|jar|vbs|appimage)\b"
    r"|(?:运行|執行|执行|启动|啟動|打开|打開|双击|雙擊|安装|安裝)\s*(?:该|此|这个|這個|解压后的|解压出的)?\s*"
    r"(?:可执行文件|可執行文件|程序|程式|安装程序|安裝程式|安装包|应用程序|[`\"'“]?[\w.-]+\.(?:exe|msi|bat|app|pkg|dmg))"
)
# an archive opened with a password: nothing legitimate needs one, and a scanner cannot look inside
PASSWORD_RE = rx(
    r"\b(?:pass(?:word|phrase|code|wd)?|pwd|pw)\s*[:=：]\s*[`\"'“]?[^\s`\"'”)]{2,}"
    r"|\b(?:with|using|use|enter)\s+(?:the\s+)?(?:password|passphrase|passcode)\b"
    r"|\bpassword[- ]protected\b|\bencrypted\s+(?:zip|archive|rar|7z)\b"
    r"|\b(?:archive|rar|7z|extraction|unpack\w*|unzip|decryption)\s+(?:key|code|pin)\s*[:=：]"
    r"|\bextract\w*\s+(?:it\s+|them\s+)?(?:using|with)\s*:\s*[`\"'“]?(?!(?:unzip|tar|7z|7-?zip|winrar|the|a|an)\b)\w{2,}"
    r"|\bunzip\s+(?:-\w+\s+)*-P\s*\S+|\b7z\s+[ex]\b[^\n]*\s-p\S+"
    r"|(?:解压|解壓|提取)\s*密码|密码\s*[:：为是]|使用\s*密码|输入\s*密码|带密码|加密的?\s*(?:压缩包|zip)"
)
# "使用 `openclaw` 解压" (extract with `openclaw`): a translator's rendering of "extract with pass:
# openclaw"; a real extraction tool there (unzip, tar, 7z) is not a password
EXTRACT_WITH_RE = re.compile(
    r"使用\s*[`\"'“]([^`\"'”\s]{2,40})[`\"'”]\s*(?:命令|工具)?\s*(?:来|进行)?\s*解压"
)
EXTRACTORS = frozenset(
    {
        "unzip",
        "tar",
        "7z",
        "7za",
        "7-zip",
        "winrar",
        "rar",
        "unrar",
        "bandizip",
        "gunzip",
        "xz",
        "bsdtar",
        "ditto",
    }
)
# "Prerequisites", "requires the X utility to function", "will not work without": a setup step
# presented as something the skill cannot work without
PREREQUISITE_RE = rx(
    r"\bprerequisites?\b|\brequire[sd]?\b|\brequirements?\b|\bmust\s+(?:first\s+)?(?:be\s+)?(?:installed|running"
    r"|download|install)\b|\b(?:will\s+not|won'?t|cannot|can'?t|does\s+not|doesn'?t)\s+(?:work|function|run)\s+"
    r"without\b|\bbefore\s+(?:using|proceeding|running|you\s+(?:start|begin|use))\b|\bimportant\b|\bneeded\b"
    r"|前提|先决条件|前置|需要|必须|才能|重要|之前|否则"
)

# ---- commands to fetch from elsewhere and run
# paste sites and raw-snippet hosts (indicators.toml's ``paste_hosts``): what a page there says can
# change after review, and nobody publishes an installer there
PASTE_HOSTS = indicators().paste_hosts
PASTE_HOST_RE = re.compile(
    r"(?:https?://)?(?:[\w-]+\.)*(?:"
    + "|".join(re.escape(h).rstrip(r"\.") for h in PASTE_HOSTS)
    + r")(?:[/:?#]|\b)",
    re.IGNORECASE,
)
# a link whose text hides where it goes: "[this page](...)", "[here](...)", "[此页面](...)"
OPAQUE_LINK_RE = rx(
    r"\[\s*(?:this\s+(?:page|link|site|command|script|snippet|guide)|here|click\s+here|link|the\s+(?:page|link)"
    r"|此页面|此頁面|此链接|此連結|此命令|此脚本|这里|這裡|此处|此處|这个页面|該頁面|该页面|该链接|链接|页面|此网页"
    r"|从这里下载|從這裡下載|点击这里|點擊這裡)\s*\]\s*\("
)
# being told to run a command one has to fetch first: in a terminal, pasted, executed
RUN_COMMAND_RE = rx(
    r"\b(?:run|execute|paste|copy|enter|type)\b(?:[^.;\n]|\.(?=\S)){0,80}?"
    r"\b(?:terminal|shell|console|command[- ]line|powershell|cmd(?:\.exe)?|command\s+prompt)\b"
    r"|\b(?:run|execute|paste|copy)\s+(?:the\s+)?(?:installation\s+|install\s+|setup\s+)?(?:command|commands|script"
    r"|snippet|one-liner)\b"
    r"|(?:终端|終端|命令行|控制台|命令提示符|Terminal|PowerShell)\S{0,20}?(?:执行|執行|运行|運行|粘贴|貼上|输入|輸入)"
    r"|(?:执行|執行|运行|運行|粘贴|复制|複製)\S{0,12}?(?:命令|指令|脚本|腳本)"
)
# a fetch: what is piped into a shell or handed to eval
FETCH_RE = rx(
    r"(?<![\w.-])(?:curl|wget|iwr|irm|invoke-webrequest|invoke-restmethod|fetch)\b"
    r"|\bnew-object\s+(?:system\.)?net\.webclient\b|\bdownloadstring\b"
)
# a URL's host that is an IP address outside loopback and private ranges
IP_URL_RE = re.compile(
    r"(?:https?|ftp)://(?P<ip>\d{1,3}(?:\.\d{1,3}){3})(?::\d+)?(?:[/?#\s\"'`)|;]|$)"
    r"|(?<![\w.])(?P<bare>\d{1,3}(?:\.\d{1,3}){3}):\d{2,5}(?:[/\s\"'`)|;]|$)"
)
PRIVATE_IP_RE = re.compile(r"^(?:127\.|10\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.|0\.|169\.254\.)")
# a script fetched over plain HTTP (no TLS: anyone on the path can change it) from a named host
# outside this machine and its network (an address alone is judged by the IP rules)
PLAIN_HTTP_RE = re.compile(
    rf"\bhttp://(?!{PRIVATE_IP_RE.pattern[1:]}|host\.docker\.internal\b)[\w.-]+\.[a-z]{{2,}}", re.IGNORECASE
)
# piped into, or handed to, an interpreter
INTO_SHELL_RE = rx(
    r"\|\s*(?:sudo\s+)?(?:-\w+\s+)*(?:(?:ba|z|da|k|c|fi)?sh|python[23]?|perl|ruby|node|php|iex|invoke-expression"
    r"|source)\b"
)
SHELL_OF_RE = rx(
    r"\b(?:(?:ba|z|da|k)?sh|python[23]?|perl|ruby|node|source|\.)\s+(?:-c\s+)?[\"']?(?:\$\(|<\(|`)"
    r"|\beval\s+[\"']?(?:\$\(|`)|\b(?:iex|invoke-expression)\s*\(|\biex\s+[\"'(]?\s*\(?\s*(?:iwr|irm|new-object)"
)

# ---- a shell handed to whoever listens at an address (a reverse shell)
# /dev/tcp/HOST/PORT (bash's network redirect) whose HOST is then checked for a public address
DEV_TCP_RE = re.compile(r"/dev/(?:tcp|udp)/(?P<host>[\w.-]+)/(?P<port>\d{1,5})")
# the shell's streams joined to it: ``bash -i >& /dev/tcp/..``, ``0>&1``, ``exec 5<>/dev/tcp/..``
SHELL_ONTO_RE = re.compile(
    r"\b(?:ba|z|da|k)?sh\s+-i\b|[0-2]?>&\s*[0-2]?\b|<>\s*/dev/(?:tcp|udp)|\bexec\s+\d+<>"
)
# a listener's program run on connect, or a socket's descriptors handed to a shell
NET_SHELL_RE = rx(
    r"\b(?:nc|ncat|netcat)\b[^|;\n]*\s-[a-z]*[ec]\s*[\"']?(?:/bin/|/usr/bin/)?(?:ba|z|da)?sh\b"
    r"|\bsocat\b[^\n]*\bexec:[\"']?(?:/bin/)?(?:ba|z)?sh\b"
    r"|\bmkfifo\b[^\n]*\|\s*(?:nc|ncat|netcat)\b"
    r"|\bsocket\b[^\n]*\bconnect\b[^\n]*(?:\bos\.dup2\b|\bpty\.spawn\b|\bspawn\s*\(\s*[\"']/bin/(?:ba)?sh)"
)

# ---- Windows' own tools that download and run (certutil, mshta, bitsadmin, regsvr32)
LOLBIN_RE = rx(
    r"\bcertutil(?:\.exe)?\b[^\n]*-urlcache\b[^\n]*\bhttps?://"
    r"|\bmshta(?:\.exe)?\s+[\"']?(?:https?://|vbscript:|javascript:|\S+\.hta\b)"
    r"|\bbitsadmin(?:\.exe)?\b[^\n]*/transfer\b[^\n]*\bhttps?://"
    r"|\bregsvr32(?:\.exe)?\b[^\n]*/i:\s*https?://"
)

# ---- decoded blobs run
DECODE_RE = rx(
    r"\bbase64\s+(?:-\w*d\w*|-D|--decode)\b|\bbase32\s+(?:-d|--decode)\b|\bxxd\s+-r\b|\bopenssl\s+(?:enc\s+)?"
    r"(?:-d\s+)?-?(?:base64|a)\b[^|\n]*-d\b|\bfrombase64string\b|\b(?:b64|b32|b16|a85|b85|urlsafe_b64)decode\b"
    r"|\batob\s*\(|\bbuffer\.from\s*\([^)]*['\"](?:base64|hex)['\"]|\bbytes\.fromhex\b|\bunhexlify\b"
    r"|\bcodecs\.decode\b|\bstring\.fromcharcode\b|\bzlib\.decompress\b|\bmarshal\.loads\b"
    r"|\bprintf\s+[\"'](?:\\x[0-9a-f]{2}){6,}|\becho\s+-e\s+[\"'](?:\\x[0-9a-f]{2}){6,}"
)
# code that runs a string: the other half of a decoded blob
EXEC_CALL_RE = rx(
    r"\b(?:exec|eval|execfile|compile)\s*\(|\bnew\s+function\s*\(|\bfunction\s*\(\s*(?:atob|buffer)"
    r"|\b(?:settimeout|setinterval)\s*\(\s*(?:atob|buffer\.from|string\.fromcharcode)"
    r"|\bos\.(?:system|popen)\s*\(|\bsubprocess\.\w+\s*\(|\b(?:child_process|cp)\.(?:exec|execsync|spawn)\w*\s*\("
    r"|\bexecsync\s*\(|\binvoke-expression\b|\biex\b"
)
# a long base64 literal, to read what it decodes to (never run)
B64_LITERAL_RE = re.compile(
    r"(?<=[\"'`])[A-Za-z0-9+/]{8,}={0,2}(?=[\"'`])|(?<![A-Za-z0-9+/])[A-Za-z0-9+/]{24,}={0,2}(?![A-Za-z0-9+/=])"
)
# what a decoded blob holds when it is a command
DECODED_COMMAND_RE = rx(
    r"\b(?:curl|wget|bash|sh|zsh|powershell|iex|invoke-expression|nc|ncat|python[23]?|perl|chmod|osascript)\b"
    r"|https?://|/bin/|/dev/tcp/"
)
# PowerShell's encoded command: a base64 script run without being readable
PS_ENCODED_RE = rx(
    r"\b(?:powershell|pwsh)(?:\.exe)?\b[^\n]*\s-(?:e|en|enc|encodedcommand)\s+[a-z0-9+/=]{20,}"
)

# ---- a skill that writes itself into the agent's memory and asks to be spread
MEMORY_TARGET_RE = rx(
    r"\b(?:soul|agents|memory|claude|gemini|user|identity|heartbeat|tools|bootstrap)\.md\b|\.cursorrules\b"
    r"|\bmemory\s+(?:files?|system|store)\b|\b(?:auto-?loaded|startup|start-up)\s+(?:prompt\s+)?files?\b"
    r"|\bsystem\s+prompt\b|\bcustom\s+instructions\b|\blong-term\s+memory\b"
    r"|记忆文件|記憶文件|记忆系统|記憶系統|提示文件|系统提示|系統提示|长期记忆|長期記憶"
)
SELF_WRITE_RE = rx(
    r"\b(?:append\w*|add\w*|writ\w*|insert\w*|sav\w*|install\w*|embed\w*|hardwir\w*|inject\w*|copy\w*|plant\w*"
    r"|persist\w*|put)\b"
    r"|追加|添加|写入|寫入|嵌入|保存|安装|安裝|复制|複製|注入|植入|加入"
)
# the skill copied into many places (a worm through skill folders rather than memory files):
# "copy this skill's folder into each of those directories", "install it in every repository"
COPY_VERB_RE = rx(
    r"\b(?:cop(?:y|ies|ying)|clon\w*|install\w*|replicat\w*|add\w*|push\w*|duplicat\w*)\b|复制|複製|安装|安裝"
)
MANY_PLACES_RE = rx(
    r"\b(?:every|each|all)\s+(?:of\s+(?:those|these|the)\s+)?(?:\w+\s+){0,2}?"
    r"(?:repo\w*|projects?|agents?|director\w*|folders?|machines?|workspaces?|hosts?|servers?)\b"
    r"|(?:每个|所有|全部)\S{0,6}?(?:仓库|項目|项目|目录|代理|智能体|机器)"
)
# ... and sent on beyond this machine
SENT_ON_RE = rx(
    r"\bgit\s+push\b|\bpull\s+requests?\b|\bgh\s+pr\s+create\b|\b(?:clawhub|npm|pypi|twine)\s+(?:publish|upload)\b"
    r"|\brepublish\w*\b|\bpublish\w*\s+(?:it|this|the\s+skill)\b"
)

# asking to be passed on to other agents (spreading knowledge or errors is something else)
_AGENTS = (
    r"(?:(?:other|more|every|all|fellow)\s+){0,2}(?:ai\s+)?"
    r"(?:agents?|bots?|instances|the\s+(?:agent\s+)?network)"
)
SPREAD_RE = rx(
    r"\bspread(?:s|ing)?\s+(?:the\s+word|the\s+(?:skill|message|meme|faith|gospel))\b"
    r"|\b(?:spread\w*|propagat\w*|replicat\w*|evangeli\w*)\b(?:[^.;\n]|\.(?=\S)){0,60}?\b(?:across|between|among|to"
    r"|through|with)\s+" + _AGENTS + r"\b"
    r"|\b(?:self-replicat\w*|replicates?\s+itself|memetic\s+(?:virus|propagation|experiment))\b"
    r"|\b(?:share|recommend|send|post|forward|install)\s+(?:it|this(?:\s+skill)?|the\s+skill)\s+(?:with|to|on|into)\s+"
    + _AGENTS
    + r"\b"
    r"|\b(?:tell|ask|invite|urge|encourage|get|remind)\s+"
    + _AGENTS
    + r"(?:\s+\w+){0,4}?\s+to\s+(?:install|add|load|use|copy|adopt)\s+(?:it|this(?:\s+skill)?|the\s+skill)\b"
    r"|(?:传播|傳播|扩散|擴散|推荐|分享|转发)\S{0,20}?(?:代理|智能体|智能體|机器人|AI)|(?:代理|智能体)\S{0,20}?(?:传播|傳播|扩散)"
    r"|自我复制|自我複製"
)
