"""Container images pulled from a registry that imitates a known one: the ``untrusted-index`` rule's
image form.

A Dockerfile's ``FROM`` (and the ``ARG`` default it names: ``ARG BASE=host/python:3.11`` then
``FROM ${BASE}``), a compose file's ``image:`` and a Docker daemon's ``registry-mirrors`` decide
whose code every build and every container runs. A skill that names an image host made to look like
a known registry or mirror ("hub.scf-mirror.tencentyun-cdn.example" beside Tencent Cloud's
``ccr.ccs.tencentyun.com``, "docker-hub.mirror-cn.example") has each build run the image that host
serves, and the host sees the credentials ``docker login`` sends it.

Reported (``dangerous``, ``untrusted-index``): an image or mirror whose registry host is not one of
``indicators.toml``'s ``[package_indexes] containers`` (nor a subdomain of one) and imitates one of
them (:func:`~skillrouter.security.supply.host_verdict`: "look-alike"). Not reported: an image on
Docker Hub by its short name (``python:3.11``, ``library/node``), a known registry, a company's own
registry under any other name, a placeholder (``<registry>/app``, ``${REGISTRY}/app``), a private
or loopback address.

Registered as the built-in analyzer ``container-images`` (:mod:`~skillrouter.security.scan`).
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from skillrouter.security.analyzers import FileText
from skillrouter.security.findings import Finding, excerpt, finding
from skillrouter.security.indicators import indicators
from skillrouter.security.supply import host_verdict

__all__ = ["ContainerImageAnalyzer", "image_findings"]

# [ \t], not \s: a \s* at a line's start runs across blank lines, and three of them around an
# optional "-" backtrack for seconds over a file of empty lines
_ARG = re.compile(r"^[ \t]*ARG[ \t]+(\w+)[ \t]*=[ \t]*[\"']?([^\s\"']+)", re.IGNORECASE | re.MULTILINE)
_FROM = re.compile(
    r"^[ \t]*FROM[ \t]+(?:--platform=\S+[ \t]+)?[\"']?([^\s\"']+)", re.IGNORECASE | re.MULTILINE
)
_IMAGE_KEY = re.compile(r"^[ \t]*(?:-[ \t]+)?image[ \t]*:[ \t]*[\"']?([^\s\"'#]+)", re.MULTILINE)
_MIRRORS = re.compile(r"[\"']registry-mirrors[\"']\s*:\s*\[([^\]]*)\]")
_VARIABLE = re.compile(r"\$\{?(\w+)(?::?-([^}]*))?\}?")
_CONFIG_SUFFIXES = (".yml", ".yaml", ".json", ".jsonc")


class ContainerImageAnalyzer:
    """The built-in analyzer ``container-images`` (see the module docstring)."""

    name = "container-images"

    def analyze(self, file: FileText) -> list[Finding]:
        return image_findings(file.relpath, file.text)


def _is_dockerfile(relpath: str) -> bool:
    name = PurePosixPath(relpath).name.lower()
    return name.startswith(("dockerfile", "containerfile")) or name.endswith(
        (".dockerfile", ".containerfile")
    )


def image_findings(relpath: str, text: str) -> list[Finding]:
    """The images and registry mirrors ``text`` (one file) takes from a look-alike registry."""
    named: list[tuple[int, str, str]] = []  # (offset, what, image reference: registry/path:tag)
    if _is_dockerfile(relpath):
        defaults = {m.group(1): m.group(2) for m in _ARG.finditer(text)}
        for m in _FROM.finditer(text):
            image = _VARIABLE.sub(lambda v: defaults.get(v.group(1), v.group(2) or ""), m.group(1))
            named.append((m.start(), f"builds on the image {image[:80]}", image))
    elif relpath.lower().endswith(_CONFIG_SUFFIXES) and ("image" in text or "registry-mirrors" in text):
        for m in _IMAGE_KEY.finditer(text):  # ${REGISTRY:-host}/app: the default, as compose reads it
            image = _VARIABLE.sub(lambda v: v.group(2) or "", m.group(1))
            named.append((m.start(), f"runs the image {image[:80]}", image))
        for m in _MIRRORS.finditer(text):
            for address in re.findall(r"[\"']([^\"']+)[\"']", m.group(1)):
                host = _url_host(address)
                if host is not None:
                    what = f"makes {address[:80]} the Docker daemon's registry mirror"
                    named.append((m.start(), what, f"{host}/"))
    out: list[Finding] = []
    registries = indicators().container_registries
    lines = text.split("\n") if named else []
    for at, what, image in named:
        host = _registry(image)
        if host is None or not _imitates(host, registries):
            continue
        line = text.count("\n", 0, at) + 1
        out.append(
            finding(
                "untrusted-index",
                relpath,
                line,
                excerpt(lines[line - 1]),
                why=f"It {what}, from {host}, a name made to look like a known container registry: every "
                "build runs what that host serves, and docker login hands it the registry's credentials.",
            )
        )
    return out


def _registry(image: str) -> str | None:
    """The registry host of an image reference (``host/path:tag``; None: Docker Hub by short name,
    a name that is no image at all such as ``diagram.png``, a placeholder, a variable nobody set)."""
    parts = image.strip().split("/", 1)
    if len(parts) == 1:
        return None  # python:3.11, docker-architecture.png: no registry named
    first = parts[0]
    if ("." not in first and ":" not in first and first != "localhost") or re.search(r"[<>{}$]", first):
        return None  # library/python, user/app: Docker Hub; <registry>, ${REGISTRY}: the user's
    return first.split(":", 1)[0].lower()


def _url_host(address: str) -> str | None:
    """The host of a mirror's address (``https://mirror.example:5000``)."""
    found = re.match(r"^(?:[a-z]+://)?([^/\s:]+)", address.strip(), re.IGNORECASE)
    return found.group(1).lower() if found else None


def _imitates(host: str, registries: tuple[str, ...]) -> bool:
    """Whether ``host`` borrows a known registry's own name without being under it: a distinctive
    label of a known registry's domain (``tencentyun``, ``aliyuncs``, ``daocloud``, ``ghcr``) inside a
    host of another domain; never a word many hosts use (``docker``, ``registry``, ``gitlab``: vendors'
    own registries and the community's mirrors are named so), never by spelling distance (``lscr.io``
    and ``icr.io`` are their owners' own)."""
    if host_verdict(f"https://{host}/", registries, registries) is None:
        return False  # known, private, a placeholder
    brands = {
        label
        for known in registries
        for label in known.split(".")[:-1]
        if len(label) >= 4 and label not in _COMMON_LABELS
    }
    return any(brand in host for brand in brands)


# labels of known registries' names that other organisations' hosts use too
_COMMON_LABELS = frozenset(
    {"docker", "registry", "index", "public", "access", "gitlab", "mirror", "mirrors", "cloud", "hub"}
    | {"redhat", "suse", "elastic", "microsoft", "registry-1", "north", "daocloud-io"}
)
