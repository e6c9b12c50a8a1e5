"""The lexicon of the Level 2 code rules (:mod:`skillrouter.security.code`): where credentials
live, what reads a file, what sends data over the network, what is only a request's header, and
the browser's own stores. Data only.
"""

from __future__ import annotations

import re

from skillrouter.security.lexicon_commands import CAPTURE_HOST_RE

__all__ = ["CAPTURE_HOST_RE"]

# files a program is in: statements, functions and assignments are read the same rough way in all
CODE_SUFFIXES = frozenset(
    {
        ".py",
        ".js",
        ".mjs",
        ".cjs",
        ".ts",
        ".tsx",
        ".jsx",
        ".sh",
        ".bash",
        ".zsh",
        ".ps1",
        ".rb",
        ".php",
        ".pl",
        ".go",
        ".svg",
        ".html",
        ".htm",
    }
)
PAGE_SUFFIXES = frozenset({".svg", ".html", ".htm", ".xhtml"})

# where credentials live, read off a line with its quotes dropped and path joins made "/"
# (``path.join(home, ".aws", "credentials")`` reads as ``home/.aws/credentials``)
CREDENTIAL_STORE_RE = re.compile(
    r"\.ssh/(?:id_[\w-]+(?<!\.pub)|identity)\b|\.ssh\b(?!/(?:known_hosts|config|authorized_keys))"
    r"|\.aws/(?:credentials|config)\b|\.azure\b|\.config/gcloud\b|application_default_credentials"
    r"|\.kube/config\b|\.docker/config\.json|(?<![\w-])\.npmrc\b|\.pypirc\b|(?<![\w-])\.netrc\b"
    r"|\.git-credentials\b|\.gnupg\b|\.password-store\b|/etc/shadow\b"
    r"|\.(?:clawdbot|openclaw|moltbot|hermes|claude|codex|cursor|gemini|config/gh)/[\w./-]*?(?:\.env\b|credentials?"
    r"|auth[\w.-]*\.json|tokens?\b|secrets?\b|hosts\.yml)"
    r"|(?<![\w.-])\.env(?![\w.-])"
    r"|(?-i:\bLogin Data\b)|\bcookies\.sqlite\b|\blogins\.json\b|\bkey[34]\.db\b|Local "
    r"Storage/leveldb|Chrome/User Data"
    r"|BraveSoftware|Firefox/Profiles|\.mozilla/firefox|\bwallet\.dat\b|\.bitcoin\b|\.electrum\b|\bExodus\b"
    r"|\bMetaMask\b|solana/id\.json|\bkeystore\b|(?-i:(?<![\w-])Cookies\b)",
    re.IGNORECASE,
)
# the whole environment or the browser's stores taken as a value (one variable read is no dump)
WHOLE_ENV_RE = re.compile(
    r"\bprocess\.env\b(?!\s*(?:\.|\[|\?\.))|\bos\.environ\b(?!\s*(?:\[|\.get\b|\.setdefault\b|\.pop\b|\.update\b))"
    r"|\bprintenv\b|\bGet-ChildItem\s+env:|\$\(\s*env\s*\)"
)
BROWSER_STORE_RE = re.compile(
    r"\bdocument\.cookie\b|(?<![\w.$])(?:window\.)?(?:localStorage|sessionStorage|indexedDB)\b(?!\s*\()"
)
READ_RE = re.compile(
    r"\breadFile(?:Sync)?\s*\(|\bcreateReadStream\s*\(|\bopen\s*\(|\bread_(?:text|bytes)\s*\(|\.read\s*\(\s*\)"
    r"|\bGet-Content\b|(?<![\w-])cat\s+|\$\(<|\bfile_get_contents\s*\(|\b(?:ioutil|os)\.ReadFile\s*\("
    r"|\bFile\.read\s*\(|\bfs\.promises\b|^\s*\w+\.(?:read|read_file|readfp|load_file)\s*\(\s*[\w\"'~]"
)
SEND_RE = re.compile(
    r"(?<![\w.])fetch\s*\(|\baxios(?:\.\w+)?\s*\(|\b(?:requests|httpx|session|client)\.(?:post|put|patch|request)\s*\("
    r"|\bhttps?\.request\s*\(|\bXMLHttpRequest\b|\.send\s*\(|\bsendBeacon\s*\(|(?<![\w.-])(?:curl|wget)\s"
    r"|\bInvoke-(?:WebRequest|RestMethod)\b|(?<![\w.-])(?:nc|ncat|netcat)\s|\burlopen\s*\(|\bRequest\s*\("
    r"|\bnew\s+Image\b|\.src\s*=|\bnew\s+WebSocket\b|\bsmtplib\b|\.sendmail\s*\(|\.send_message\s*\("
    r"|\bsocket\.(?:gethostbyname(?:_ex)?|getaddrinfo)\s*\(|\bdns\.(?:lookup|resolve\w*)\s*\("
    r"|\bresolver\.(?:resolve|query)\s*\(",
    re.IGNORECASE,
)
# the parts of a request that authenticate it: a credential sent there is used, not leaked
HEADER_PART_RE = re.compile(
    r"\bheaders?\s*[:=]\s*\{[^{}]*\}|\bheaders?\s*[:=]\s*\w+|-H\s+(?:\"[^\"]*\"|'[^']*'|\S+)|--header[= "
    r"](?:\"[^\"]*\"|'[^']*'|\S+)"
    r"|\bauth\s*=\s*\([^)]*\)|\bauth\s*=\s*\w+|[\"']?Authorization[\"']?\s*:\s*[^,}\n]+|-u\s+\S+",
    re.IGNORECASE,
)
URL_LITERAL_RE = re.compile(r"(?:https?|wss?)://[^\s\"'`<>)]+")

# statements: assignments, ``with ... as x``, and writes into a variable by a method
ASSIGN_RES = (
    re.compile(
        r"^\s*(?:export\s+|local\s+|readonly\s+)?(?:const|let|var|my|our)?\s*\$?(\w+)"
        r"\s*(?::\s*[\w\[\], .|]+)?\s*(?:\+|\|)?=(?!=)"
    ),
    re.compile(r"\bas\s+(\w+)\s*:"),
    re.compile(r"^\s*(\w+)(?:\.\w+|\[[^\]]*\])+\s*=(?!=)"),
    re.compile(
        r"\b(\w+)\.(?:push|append|extend|update|add|concat|write|attach|add_attachment|set_content)\s*\("
    ),
    # a loop's variable holds each item of what it walks: ``for (const p of candidates)``, ``for f in files:``
    re.compile(r"^\s*for\s*\(?\s*(?:const|let|var|my)?\s*\$?(\w+)\s+(?:of|in)\b"),
    # a parser told to read a file holds what it read: ``cp.read(path)``, ``config.read_file(f)``
    re.compile(r"^\s*(\w+)\.(?:read|read_file|readfp|load_file)\s*\(\s*[\w\"'~]"),
    re.compile(r"\bObject\.assign\s*\(\s*(\w+)\s*,"),
)
# a value taken out of a tainted one: one key, one match: it no longer carries the whole content
LOOKUP_RE = re.compile(
    r"^\s*(?:await\s+)?[\w.?]+\s*(?:\[|\.get\s*\(|\.getItem\s*\(|\.match\s*\(|\.split\s*\(|\.find\s*\()"
    r"|^\s*\w+(?:\??\.\w+)+\s*(?:;|,|\)|\|\||\?\?|$)"
)
LOOPBACK_RE = re.compile(
    r"^(?:https?|wss?)://(?:localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0)\b", re.IGNORECASE
)
FUNCTION_RES = (
    re.compile(r"^(\s*)(?:export\s+)?(?:default\s+)?(?:async\s+)?function\s*\*?\s*(\w+)\s*\(([^)]*)\)"),
    re.compile(
        r"^(\s*)(?:export\s+)?(?:const|let|var)\s+(\w+)\s*=\s*(?:async\s*)?(?:function\s*)?\(([^)]*)\)\s*(?:=>|\{)"
    ),
    re.compile(r"^(\s*)(?:async\s+)?def\s+(\w+)\s*\(([^)]*)\)"),
    re.compile(r"^(\s*)(?:function\s+)?(\w+)\s*\(\s*\)\s*\{"),
)
KEYWORDS = frozenset(
    {
        "if",
        "for",
        "while",
        "switch",
        "catch",
        "return",
        "function",
        "await",
        "async",
        "def",
        "class",
        "with",
        "else",
    }
)
