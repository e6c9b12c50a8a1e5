"""An agent's model traffic routed through a host the skill names: the ``exfiltration`` rule's
endpoint form.

A coding agent and the SDKs it uses send every request to the base URL their environment names
(``ANTHROPIC_BASE_URL`` for Claude Code and Anthropic's SDKs, ``OPENAI_BASE_URL`` for OpenAI's
...). A skill that ships a settings file, an ``.env`` template or a script setting one of them to
a host of its choosing has every prompt, every file the agent reads into them and the API key
itself pass through that host, for as long as the setting stays: a "relay", a "gateway", an
"accelerator". The same with OpenTelemetry: Claude Code exports the user's prompts when
``OTEL_LOG_USER_PROMPTS`` is on, to the endpoint the environment names.

Reported (``dangerous``): in a file that is not prose (a JSON/YAML/TOML settings file, an ``.env``,
a script; a guide's Markdown shows placeholders and the user's own proxy), such a variable given a
URL whose host is none of the model providers of ``indicators.toml``'s ``model_hosts`` (nor a
subdomain of one), nor a private, loopback or company-network address, nor a placeholder
(``https://your-gateway``, ``${PROXY_URL}``); for the telemetry endpoint, only where the same file
turns prompt logging on. Any client's base URL (``base_url = "..."`` in a region table, ``baseURL:``
in the code) is reported only where its host imitates a provider's and spells its name
(``dashscope-edge.aliyuncs-gw.example``): a base URL alone names every kind of API. Not reported:
a provider's own host (a Chinese developer pointing Claude Code at DeepSeek's or Zhipu's
Anthropic-compatible API), a local LiteLLM proxy (``http://localhost:4000``), a variable the user
fills.

Registered as the built-in analyzer ``model-endpoints`` (:mod:`~skillrouter.security.scan`).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import PurePosixPath
from urllib.parse import urlsplit

from skillrouter.security.analyzers import FileText
from skillrouter.security.findings import Finding, excerpt, finding
from skillrouter.security.indicators import Indicators, indicators, known_host
from skillrouter.security.markdown import MARKDOWN_SUFFIXES
from skillrouter.security.supply import host_verdict

__all__ = ["ModelEndpointAnalyzer", "model_endpoint_findings"]

_PROSE = (*MARKDOWN_SUFFIXES, ".txt", ".rst", ".html", ".htm")
# a model API's base URL given a value: KEY=URL, "KEY": "URL", KEY: URL, os.environ["KEY"] = "URL"
_BASE_URL = re.compile(
    r"""(?<![\w-])(?P<key>(?:ANTHROPIC|ANTHROPIC_BEDROCK|ANTHROPIC_VERTEX|OPENAI|OPENAI_API|AZURE_OPENAI"""
    r"""|GEMINI|GOOGLE_GEMINI|DEEPSEEK|CLAUDE_CODE_API)_BASE(?:_URL)?|OPENAI_API_BASE|OPENAI_API_HOST"""
    r"""|OTEL_EXPORTER_OTLP(?:_LOGS)?_ENDPOINT)["'\]]*\s*(?:[:=]|\s+-Value|,)\s*["']?"""
    r"""(?P<url>https?://[^\s"'`,;)}\]]+)""",
    re.IGNORECASE,
)
# any client's base URL in a settings file or the code (base_url = "...", baseURL: "..."): judged only
# where its host imitates a model provider's own (a look-alike that names the provider)
_CLIENT_BASE = re.compile(
    r"""(?<![\w-])(?P<key>base_?url|api_?base(?:_?url)?)["'\]]*\s*[:=]\s*["']?(?P<url>https?://[^\s"'`,;)}\]]+)""",
    re.IGNORECASE,
)
_KEY_WORDS = re.compile(r"_BASE|_ENDPOINT|API_HOST|base_?url|api_?base", re.IGNORECASE)  # a cheap test first
_PROMPT_LOGGING = re.compile(
    r"""OTEL_LOG_USER_PROMPTS["'\]]*\s*[:=,]\s*["']?(?:1|true|yes|on)\b""", re.IGNORECASE
)


class ModelEndpointAnalyzer:
    """The built-in analyzer ``model-endpoints`` (see the module docstring)."""

    name = "model-endpoints"

    def analyze(self, file: FileText) -> list[Finding]:
        return model_endpoint_findings(file.relpath, file.text)


def model_endpoint_findings(relpath: str, text: str) -> list[Finding]:
    """The model base URLs (and prompt-logging telemetry endpoints) a file points elsewhere."""
    if PurePosixPath(relpath).suffix.lower() in _PROSE or "://" not in text:
        return []
    if _KEY_WORDS.search(text) is None:
        return []
    providers = indicators().model_hosts
    logging_prompts = _PROMPT_LOGGING.search(text) is not None
    out: list[Finding] = []
    for m in [*_BASE_URL.finditer(text), *_CLIENT_BASE.finditer(text)]:
        key = m.group("key").upper() if m.re is _BASE_URL else m.group("key")
        telemetry = key.startswith("OTEL_")
        if telemetry and not logging_prompts:
            continue
        verdict = host_verdict(m.group("url"), providers, providers)
        if verdict is None:
            continue
        if m.re is _CLIENT_BASE and (
            verdict != "look-alike" or not _names_a_provider(m.group("url"), providers)
        ):
            continue
        line = text.count("\n", 0, m.start()) + 1
        what = (
            "the user's prompts, exported by OpenTelemetry with prompt logging on,"
            if telemetry
            else "the agent's model requests (every prompt, the code it reads, the API key)"
        )
        kind = "a look-alike of a model provider" if verdict == "look-alike" else "no model provider's host"
        out.append(
            finding(
                "exfiltration",
                relpath,
                line,
                excerpt(text.split("\n")[line - 1]),
                why=f"It sets {key} to {m.group('url')[:60]}, {kind}: {what} go through that host.",
            )
        )
    return out


def _names_a_provider(url: str, providers: tuple[str, ...]) -> bool:
    """Whether ``url``'s host spells a provider's own name (``aliyuncs`` of ``aliyuncs.com`` in
    ``dashscope-edge.aliyuncs-gw.example``; not ``gateway``, a word many hosts use)."""
    host = (urlsplit(url).hostname or "").lower()
    services, names = _services_and_names(indicators(), providers)
    if known_host(host, services):  # api.github.com: GitHub's own API, not an imitation of github.ai
        return False
    return any(n in host for n in names)


@lru_cache(maxsize=4)
def _services_and_names(
    known: Indicators, providers: tuple[str, ...]
) -> tuple[tuple[str, ...], frozenset[str]]:
    """Every service's own hosts of the indicators, and the providers' names a look-alike spells
    (made once per indicators file, not per base URL)."""
    services = (
        *(h for _, _, hosts in known.service_tokens for h in hosts),
        *known.package_indexes,
        *known.index_hosting,
        *known.installer_hosts,
    )
    names = {p.split(".")[-2] for p in providers if p.count(".") >= 1} - _OWNERS_OF_MANY
    return services, frozenset(n for n in names if len(n) >= 5)


# companies in model_hosts whose names many of their own and others' hosts carry (google.serper.dev,
# *.azure-api.net, api.lkeap.cloud.tencent.com, *.endpoints.huggingface.cloud, api.cloudflare.com), and
# the observability services there: a host spelling one is no imitation of a model API
_OWNERS_OF_MANY = frozenset(
    {"google", "googleapis", "azure", "amazonaws", "tencent", "tencentcloudapi", "cloudflare", "huggingface"}
    | {"github", "datadoghq", "grafana", "sentry", "honeycomb", "newrelic", "dynatrace", "lightstep"}
    | {"langchain", "langfuse", "helicone", "portkey", "volcengine", "baidubce"}
)
