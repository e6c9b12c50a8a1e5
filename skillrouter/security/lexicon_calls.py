"""What calls mean to :mod:`.langflow`, by name, across Go, Ruby, PHP, Rust, Java, Kotlin, C# and
Lua: which read files, the environment or the network, which send, connect, resolve, write, run code
or commands, decode, authenticate a request, build a command, look one value up, or hand a function
each element; and the names and hosts those judgements need. Data, not rules: the walker
(:mod:`.langflow`) decides what a call does with what it is handed."""

from __future__ import annotations

import re

# the last part of a call's name that reads a file
READ = re.compile(
    r"(?:^|[.:>\s])(?:ReadFile|ReadAll|Open|OpenFile|read|readlines|binread|read_to_string|read_to_end"
    r"|file_get_contents|fopen|file|readfile|load_file|readAllBytes|readAllLines|readString|readText|readBytes"
    r"|readLines|ReadAllText|ReadAllBytes|ReadAllLines|ReadAllTextAsync|ReadAllBytesAsync|ReadToEnd"
    r"|FileInputStream|FileReader|StreamReader|newBufferedReader|newInputStream)$|^io\.(?:open|lines)$"
)

# the whole environment (one named variable is how a program is given its key, not a leak)
ALL_ENV = re.compile(
    r"^(?:os\.Environ|(?:std::)?env::vars(?:_os)?|ENV(?:\.(?:to_h|to_hash|to_a|each|select|filter|filter_map"
    r"|each_pair|map))?|getenv|System\.getenv|Environment\.GetEnvironmentVariables|vim\.fn\.environ"
    r"|(?:vim\.)?(?:loop|uv)\.os_environ)$"
)

ALL_ENV_VARIABLE = "$_ENV"  # PHP's

HEADERS = re.compile(r"(?:^|\\)(?:getallheaders|apache_request_headers)$")  # PHP: the request's headers

# a call that sends what it is given
SEND = re.compile(
    r"(?:^|[.:])(?:Post|PostForm|NewRequest|NewRequestWithContext|Do|SendMail|post|post_form|put|patch"
    r"|request|send_message|sendmail|mail|deliver|curl_setopt|curl_setopt_array|wp_remote_post|send"
    r"|body|json|form|multipart|upload|upload_file|put_object|Send|PostAsync|PutAsync|PatchAsync|SendAsync"
    r"|SendMailAsync|UploadString|UploadData|UploadFile|UploadValues|UploadStringAsync|newCall|enqueue|execute"
    r"|postForEntity|postForObject|exchange)$"
)

ACCESSOR = re.compile(r"[.:](?:body|json|form|text)$")  # without arguments, a response's part

# a call that opens a connection: what is written to it leaves the machine
CONNECT = re.compile(
    r"(?:^|[.:])(?:Dial|DialTimeout|DialTCP|DialUDP|connect|connect_timeout|fsockopen|stream_socket_client|socket_connect"
    r"|open_socket|openConnection|newHttpClient|HttpClient|OkHttpClient|WebClient|RestTemplate|Socket|TcpClient"
    r"|UdpClient|SmtpClient|HttpURLConnection)$|TCPSocket\.(?:new|open)$|UDPSocket\.new$|Net::SMTP\.start$"
    r"|Net::HTTP\.start$|^HttpClient\.newBuilder\b"
)

WRITE_TO = re.compile(
    r"(?:^|[.:>])(?:Write|WriteString|write|write_all|puts|print|fwrite|fputs|socket_write|send)$"
)

# a call that makes a writer over what it is handed: what is written to the writer goes there
WRAPS = re.compile(
    r"(?:^|[.:])(?:New\w*Writer|NewEncoder|NewWriter\w*|new_writer|BufWriter::new|GzEncoder::new)$"
)

# a call that writes what it is given into its first argument (``fmt.Fprintf(buf, ...)``, ``append(xs, x)``)
WRITES_FIRST = re.compile(
    r"(?:^|[.:>])(?:Fprint\w*|Copy|append|array_push|array_merge|extend|push|push_str|insert|concat|merge)$"
)

NETWORK_NAME = re.compile(
    r"\b(?:http|https|smtp|net|reqwest|ureq|curl|Net::|RestClient|HTTParty|Faraday|Guzzle|Transport\.)|wp_remote_"
    r"|curl_|\bsocket\.",
    re.IGNORECASE,
)

# a DNS lookup: the name it resolves reaches whoever serves the zone (data hidden in labels leaves
# through any resolver, past egress filters)
RESOLVE = re.compile(
    r"(?:^|[.:])(?:Lookup(?:Host|IP|IPAddr|NetIP|TXT|CNAME|MX|NS|SRV|Addr)|getaddress(?:es)?|getresources?"
    r"|gethostbyname[l]?|dns_get_record|checkdnsrr|lookup_host|to_socket_addrs|lookup_ip|txt_lookup)$"
)

# a call that runs code or a command it is given (Rust: ``Command::new(...).arg(x)``)
EXEC = re.compile(
    r"(?:^|[.:])(?:eval|instance_eval|class_eval|module_eval|instance_exec|create_function|system"
    r"|Marshal\.(?:load|restore)|(?:YAML|Psych)\.unsafe_load|ERB\.new"
    r"|exec|shell_exec|passthru|popen|proc_open|pcntl_exec|spawn|Command|CommandContext|capture2e?|capture3"
    r"|popen[23]e?|jobstart|termopen|ProcessBuilder|Process\.Start)$|Command::new\b.*\.args?$|^os\.execute$"
)

# a call that writes its second argument into the file its first names
FILE_WRITE = re.compile(
    r"(?:^|[.:])(?:WriteFile|File\.(?:write|binwrite)|IO\.(?:write|binwrite)|file_put_contents|fs::write"
    r"|Files\.(?:write|writeString)|File\.WriteAll(?:Text|Bytes)|writeText|writeBytes)$"
)

# Ruby's: run the file they are given as code
LOADS_FILE = re.compile(r"^(?:Kernel\.)?(?:load|require)$")

LUA_LOADERS = frozenset({"load", "loadstring", "dofile"})  # Lua's: run the code they are given

# a command built before it runs: Rust's Command::new(p) then cmd.arg(x), Java's ProcessBuilder
COMMAND_BUILDER = re.compile(r"(?:^|[.:])(?:Command::new|ProcessBuilder)$")

COMMAND_ARGS = frozenset({"arg", "args", "command"})  # what adds to a built command's argument vector

COMMAND_RUNS = frozenset({"output", "spawn", "status", "start", "exec"})  # what runs it

KUBE_RULES = re.compile(
    r"(?:^|[.:])(?:NewDefaultClientConfigLoadingRules|NewNonInteractiveDeferredLoadingClientConfig)$"
)

KUBE_LOAD = re.compile(
    r"(?:^|[.:])clientcmd\.(?:LoadFromFile|Load|BuildConfigFromFlags)$|(?:^|[.:])config\.load_kube_config$"
)

# a flag or form that sends a file (curl -F k=@path, --data-binary @path, -T path)
SENDS_FILE = re.compile(r"@(?:\{\}|$)|^-(?:T|F|d)$|^--(?:upload-file|form|data-binary|data-urlencode|data)$")

MAPS = frozenset({"map", "flat_map", "filter_map", "find_map", "flatMap", "mapNotNull"})

# a request's header set to authenticate it: the token signs the request to its own API, it is not data
HEADER_SETTERS = frozenset(
    {"header", "setHeader", "addHeader", "setRequestProperty", "Set", "Add", "TryAddWithoutValidation"}
)

AUTH_CALLS = frozenset(
    {"bearer_auth", "basic_auth", "SetBasicAuth", "setBearerAuth", "AuthenticationHeaderValue"}
)

AUTH_HEADERS = frozenset(
    {"authorization", "proxy-authorization", "x-api-key", "api-key", "private-token", "x-auth-token"}
)

# a named lookup in a map (the environment's, a .env's): System.getenv().getOrDefault("X", d), env.get("X")
LOOKUPS = frozenset(
    {"get", "getOrDefault", "getProperty", "fetch", "Get", "GetValueOrDefault", "getenv", "GetValue"}
)

# a connection's stream: what is written to it goes where the connection goes
STREAMS = frozenset({"GetStream", "getOutputStream", "outputStream", "GetRequestStream", "getInputStream"})

# a list written by a call (Java's List.of, Kotlin's listOf): a command's argument vector
LIST_CALLS = re.compile(
    r"(?:^|[.:])(?:List\.of|Arrays\.asList|listOf|arrayOf|mutableListOf|ImmutableList\.of)$"
)

# the calls that join a path onto what they are called on (home.join(".cargo"), Paths.get(home, ".aws"))
PATH_JOINS = frozenset({"join", "Join", "resolve", "Combine", "joinpath", "with_file_name"})

# the methods that call a function with each element of what they are called on
EACH = frozenset(
    {
        *("map", "flat_map", "filter_map", "filter", "find", "find_map", "for_each", "any", "all"),
        *("forEach", "flatMap", "mapNotNull", "each", "select", "collect", "reject", "detect", "ifPresent"),
        *("reduce", "fold", "inject"),
    }
)

# a program a command line runs that sends what it is handed, or returns what it fetched
NETWORK_PROGRAM = re.compile(
    r"^\s*(?:curl|wget|nc|ncat|socat|Invoke-WebRequest|Invoke-RestMethod)(?:\.exe)?\b"
)

# the request a web page is serving: whoever sends it chooses these (PHP's superglobals)
REQUEST_VARIABLES = frozenset({"$_COOKIE", "$_GET", "$_POST", "$_REQUEST", "$_FILES"})

# what makes a request's value safe to hand a command or a page (PHP's escaping and casts)
SANITIZE = re.compile(
    r"(?:^|[.:\\])(?:escapeshellarg|escapeshellcmd|intval|floatval|boolval|absint|filter_var|filter_input"
    r"|htmlspecialchars|htmlentities|sanitize_\w+|esc_\w+|wp_kses\w*)$"
)

# WordPress's keys and salts and its database password, constants every plugin can read
PHP_SECRETS = frozenset(
    {
        "AUTH_KEY",
        "SECURE_AUTH_KEY",
        "LOGGED_IN_KEY",
        "NONCE_KEY",
        "AUTH_SALT",
        "SECURE_AUTH_SALT",
        "LOGGED_IN_SALT",
        "NONCE_SALT",
        "DB_PASSWORD",
    }
)

# a call that undoes an encoding: what it returns was hidden in the file
DECODE = re.compile(
    r"(?:^|[.:])(?:base64_decode|gzinflate|gzuncompress|gzdecode|str_rot13|strrev|hex2bin|convert_uudecode"
    r"|decode64|strict_decode64|urlsafe_decode64|DecodeString|decode|from_base64|FromBase64String)$"
    r"|^string\.reverse$|StringBuilder\b.*\.reverse$|:reverse$"  # a string's reversal (not a list's)
)

DATA_FORMAT = re.compile(r"json|yaml|toml|xml|csv|msgpack", re.IGNORECASE)  # json.decode(s): data, not code

# a call that reads from the network: what it returns came from someone else's server
RECEIVE = re.compile(
    r"(?:^|[.:])(?:Get|get|get_response|request|start|open|urlopen|fetch|read|read_body|ReadAll|body|text"
    r"|bytes|curl_exec|wp_remote_get|wp_remote_request|wp_remote_retrieve_body|file_get_contents|download"
    r"|call|execute|recv|Do)$"
)

STREAM_READ = re.compile(r"(?:^|[\\:])(?:file_get_contents|fopen|file|readfile)$")  # PHP's, with a context

INLINE_ARGUMENT = re.compile(r"\{([A-Za-z_]\w*)(?::[^{}]*)?\}")  # Rust's format!("{name}")

URL = re.compile(r"^(?:https?|ftp)://", re.IGNORECASE)

DOTENV = re.compile(r"(?:^|/)\.env(?:\.[a-z]+)*$")

PUBLIC = re.compile(r"(?:\.pub|known_hosts|authorized_keys|\.ssh/config)$")
