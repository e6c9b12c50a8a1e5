"""Indicators as data: hosts and names the rules look for, read from ``indicators.toml``.

The shipped file (``skillrouter/security/indicators.toml``, with a ``version``) holds the lists;
the rules read them through :func:`indicators`. A user extends them without a release: a TOML file
of the same shape, named by the ``SKILLROUTER_INDICATORS`` environment variable, adds to each list
(it never removes an entry). The lists apply to every scan from the next process on (an import,
``add``, a change found on refresh); a skill already in a store keeps the verdict it was admitted
with until its content changes.

A missing or malformed extra file is a ValueError naming it and the field; the shipped file is
package data and is always read.
"""

from __future__ import annotations

import ipaddress
import os
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

__all__ = [
    "ENV",
    "LOOPBACK_RE",
    "TOKEN_TAINT",
    "Indicators",
    "imitates",
    "indicators",
    "known_host",
    "load",
    "loopback",
    "token_sent_elsewhere",
    "token_taint",
]

# a server on this machine: what it is handed does not leave it
LOOPBACK_RE = re.compile(
    r"^(?:https?|wss?)://(?:localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0)\b", re.IGNORECASE
)


def loopback(texts: tuple[str, ...] | list[str]) -> bool:
    """Whether one of ``texts`` is a URL of this machine, or only its name (``localhost``, ``127.0.0.1``)."""
    return any(LOOPBACK_RE.match(t) or t in ("localhost", "127.0.0.1", "::1", "[::1]") for t in texts)


ENV = "SKILLROUTER_INDICATORS"
FILE = "indicators.toml"


ServiceTokens = tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...]
"""Each service: its name, the variables its tokens are held in, the hosts they are made for."""


@dataclass(frozen=True)
class Indicators:
    """The lists (see ``indicators.toml`` for what each one means and which rules read it)."""

    version: str
    paste_hosts: tuple[str, ...]
    python_indexes: tuple[str, ...]
    npm_indexes: tuple[str, ...]
    index_hosting: tuple[str, ...]
    installer_hosts: tuple[str, ...] = ()
    maven_indexes: tuple[str, ...] = ()
    # service -> (the variables its tokens are held in, the hosts they are made for)
    service_tokens: ServiceTokens = ()
    model_hosts: tuple[str, ...] = ()
    container_registries: tuple[str, ...] = ()

    def token_service(self, variable: str) -> str | None:
        """The service whose token a variable of this name holds (``GITHUB_TOKEN``: github)."""
        return next((s for s, names, _ in self.service_tokens if variable in names), None)

    def token_hosts(self, service: str) -> tuple[str, ...]:
        """The hosts a token of ``service`` is made for (npm's and PyPI's: their indexes too)."""
        own = next((hosts for s, _, hosts in self.service_tokens if s == service), ())
        indexes = {"npm": self.npm_indexes, "pypi": self.python_indexes}.get(service, ())
        return (*own, *indexes, *(self.index_hosting if indexes else ()))

    @property
    def package_indexes(self) -> tuple[str, ...]:
        """Every known index host, Python's, npm's and Maven's (Gradle's too)."""
        return tuple(dict.fromkeys((*self.python_indexes, *self.npm_indexes, *self.maven_indexes)))


def _strings(data: Mapping[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise ValueError(f"{where}: '{key}' must be a list of host names")
    return tuple(v.strip().lower() for v in value)


def _parse(text: str, where: str) -> Indicators:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise ValueError(f"{where}: not valid TOML: {err}") from None
    indexes = data.get("package_indexes", {})
    if not isinstance(indexes, dict):
        raise ValueError(f"{where}: 'package_indexes' must be a table")  # noqa: TRY004
    version = data.get("version", "")
    return Indicators(
        str(version),
        _strings(data, "paste_hosts", where),
        _strings(indexes, "python", f"{where} [package_indexes]"),
        _strings(indexes, "npm", f"{where} [package_indexes]"),
        _strings(indexes, "hosting", f"{where} [package_indexes]"),
        _strings(data, "installer_hosts", where),
        _strings(indexes, "maven", f"{where} [package_indexes]"),
        _service_tokens(data, where),
        _strings(data, "model_hosts", where),
        _strings(indexes, "containers", f"{where} [package_indexes]"),
    )


def _service_tokens(data: Mapping[str, Any], where: str) -> ServiceTokens:
    table = data.get("service_tokens", {})
    if not isinstance(table, dict):
        raise ValueError(f"{where}: 'service_tokens' must be a table")  # noqa: TRY004
    out = []
    for service, entry in sorted(table.items()):
        if not isinstance(entry, dict):
            raise ValueError(f"{where}: [service_tokens.{service}] must be a table")  # noqa: TRY004
        names = entry.get("variables", [])
        if not isinstance(names, list) or not all(isinstance(v, str) and v.strip() for v in names):
            raise ValueError(f"{where} [service_tokens.{service}]: 'variables' must be a list of names")
        hosts = _strings(entry, "hosts", f"{where} [service_tokens.{service}]")
        out.append((service, tuple(v.strip() for v in names), hosts))
    return tuple(out)


def load(extra: Path | None = None) -> Indicators:
    """The shipped indicators, each list extended by ``extra``'s (a TOML file of the same shape)."""
    shipped = _parse(resources.files("skillrouter.security").joinpath(FILE).read_text("utf-8"), FILE)
    if extra is None:
        return shipped
    try:
        text = extra.read_text("utf-8")
    except OSError as err:
        raise ValueError(f"{extra}: cannot read the indicators file ({err.strerror or err})") from None
    more = _parse(text, str(extra))

    def both(a: tuple[str, ...], b: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(dict.fromkeys((*a, *b)))

    return Indicators(
        f"{shipped.version}+{more.version or extra.name}",
        both(shipped.paste_hosts, more.paste_hosts),
        both(shipped.python_indexes, more.python_indexes),
        both(shipped.npm_indexes, more.npm_indexes),
        both(shipped.index_hosting, more.index_hosting),
        both(shipped.installer_hosts, more.installer_hosts),
        both(shipped.maven_indexes, more.maven_indexes),
        _both_tokens(shipped.service_tokens, more.service_tokens),
        both(shipped.model_hosts, more.model_hosts),
        both(shipped.container_registries, more.container_registries),
    )


def _both_tokens(a: ServiceTokens, b: ServiceTokens) -> ServiceTokens:
    merged: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}
    for service, names, hosts in (*a, *b):
        held = merged.get(service, ((), ()))
        merged[service] = (tuple(dict.fromkeys((*held[0], *names))), tuple(dict.fromkeys((*held[1], *hosts))))
    return tuple((s, names, hosts) for s, (names, hosts) in sorted(merged.items()))


@lru_cache(maxsize=1)
def indicators() -> Indicators:
    """The indicators the rules read: the shipped file, extended by ``$SKILLROUTER_INDICATORS``."""
    extra = os.environ.get(ENV, "").strip()
    return load(Path(extra).expanduser() if extra else None)


def known_host(host: str, known: tuple[str, ...]) -> bool:
    """Whether ``host`` is one of ``known`` or a subdomain of one."""
    return any(host == k or host.endswith("." + k) for k in known)


def installer_url(url: str) -> bool:
    """Whether ``url`` is on a vendor's own installer host (:attr:`Indicators.installer_hosts`)."""
    try:
        host = (urlsplit(url).hostname or "").lower()
    except ValueError:
        return False
    return bool(host) and known_host(host, indicators().installer_hosts)


# labels that name what a host does, not whose it is
_GENERIC_LABELS = frozenset(
    ("mirrors", "mirror", "registry", "files", "download", "downloads", "data", "repo", "upload", "cloud")
    + ("simple", "static", "install", "installer", "releases", "assets", "objects", "content", "docs")
)


def imitates(host: str, known: tuple[str, ...]) -> bool:
    """Whether ``host`` (not itself one of ``known``) borrows a known host's name: one of its
    distinctive labels inside it (``pypi``, ``npmjs``, ``tuna``, ``githubusercontent`` ...), or
    two edits from a known host."""
    labels = {
        label for k in known for label in k.split(".") if len(label) >= 4 and label not in _GENERIC_LABELS
    }
    return any(label in host for label in labels) or any(_within_two(host, k) for k in known)


def _within_two(a: str, b: str) -> bool:
    if abs(len(a) - len(b)) > 2:
        return False
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        if min(current) > 2:
            return False
        previous = current
    return previous[-1] <= 2


TOKEN_TAINT = "token:"  # a value's taint "token:github": it holds a token a service hands out


def token_taint(variable: str) -> frozenset[str]:
    """The taint of a variable named ``variable``: a service's token (:attr:`Indicators.service_tokens`)."""
    service = indicators().token_service(variable)
    return frozenset({TOKEN_TAINT + service}) if service else frozenset()


def token_sent_elsewhere(taint: frozenset[str], url: str) -> str | None:
    """Why a request to ``url`` carrying ``taint`` sends a service's token to someone else: the
    URL's host is spelled out, public, and none of the service's (None: it is not)."""
    services = sorted(t.removeprefix(TOKEN_TAINT) for t in taint if t.startswith(TOKEN_TAINT))
    netloc = re.split(r"[/?#]", url.split("//", 1)[-1], maxsplit=1)[0]
    if not services or re.search(r"[$<>{}*%]", netloc):
        return None  # a host built at run time (the user's server) or a placeholder
    try:
        host = (urlsplit(url).hostname or "").lower().rstrip(".")
    except ValueError:
        return None
    if not host or "." not in host or loopback([host]) or host.endswith((".local", ".internal", ".lan")):
        return None
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        address = None
    if address is not None and (address.is_private or address.is_loopback or address.is_link_local):
        return None
    for service in services:
        hosts = indicators().token_hosts(service)
        # a document's stand-in for the service's own host, its top-level domain swapped for the
        # reserved .example (api.github.example): no such host exists to receive anything
        stand_ins = tuple(f"{h.rsplit('.', 1)[0]}.example" for h in hosts)
        if not known_host(host, hosts) and not known_host(host, stand_ins):
            return (
                f"sends the {service} token it was given to {host}, which is not one of {service}'s "
                "hosts: whoever runs it can act as the user there"
            )
    return None
