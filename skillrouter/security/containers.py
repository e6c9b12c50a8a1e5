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

_ARG = re.compile(r"^\s*ARG\s+(\w+)\s*=\s*[\"']?([^\s\"']+)", re.IGNORECASE | re.MULTILINE)
_FROM = re.compile(r"^\s*FROM\s+(?:--platform=\S+\s+)?[\"']?([^\s\"']+)", re.IGNORECASE | re.MULTILINE)
_IMAGE_KEY = re.compile(r"^\s*-?\s*image\s*:\s*[\"']?([^\s\"'#]+)", re.MULTILINE)
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
    named: list[tuple[int, str, str]] = []  # (offset, what, registry address)
    if _is_dockerfile(relpath):
        defaults = {m.group(1): m.group(2) for m in _ARG.finditer(text)}
        for m in _FROM.finditer(text):
            image = _VARIABLE.sub(lambda v: defaults.get(v.group(1), v.group(2) or ""), m.group(1))
            named.append((m.start(), f"builds on the image {image[:80]}", image))
    elif relpath.lower().endswith(_CONFIG_SUFFIXES) and ("image" in text or "registry-mirrors" in text):
        named += [
            (m.start(), f"runs the image {m.group(1)[:80]}", m.group(1)) for m in _IMAGE_KEY.finditer(text)
        ]
        for m in _MIRRORS.finditer(text):
            for address in re.findall(r"[\"']([^\"']+)[\"']", m.group(1)):
                named.append(
                    (m.start(), f"makes {address[:80]} the Docker daemon's registry mirror", address)
                )
    out: list[Finding] = []
    registries = indicators().container_registries
    for at, what, address in named:
        host = _registry(address)
        if host is None or host_verdict(f"https://{host}/", registries, registries) != "look-alike":
            continue
        line = text.count("\n", 0, at) + 1
        out.append(
            finding(
                "untrusted-index",
                relpath,
                line,
                excerpt(text.split("\n")[line - 1]),
                why=f"It {what}, from {host}, a name made to look like a known container registry: every "
                "build runs what that host serves, and docker login hands it the registry's credentials.",
            )
        )
    return out


def _registry(address: str) -> str | None:
    """The registry host of an image reference or mirror address (None: Docker Hub by short name,
    a placeholder, a variable nobody set)."""
    parts = re.sub(r"^[a-z]+://", "", address.strip()).split("/", 1)
    if len(parts) == 1 and "." not in parts[0]:
        return None
    first = parts[0]
    if ("." not in first and ":" not in first and first != "localhost") or re.search(r"[<>{}$]", first):
        return None  # library/python, user/app: Docker Hub; <registry>, ${REGISTRY}: the user's
    return first.split(":", 1)[0].lower()
