"""Session construction for the report.

Credentials are resolved by boto3's default provider chain; this module never
reads secret values itself.
"""
from __future__ import annotations

import os
import stat
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


def account_label(session) -> str:
    """Return 'account-id (arn)' for display, using STS only."""
    ident = session.client("sts").get_caller_identity()
    return f"{ident['Account']} ({ident['Arn']})"


def check_credentials_file() -> list[str]:
    """Warn when the shared credentials file is readable by group/other.

    Only file metadata is inspected; the contents are left to boto3.
    """
    path = Path(os.environ.get("AWS_SHARED_CREDENTIALS_FILE", Path.home() / ".aws" / "credentials"))
    if not path.exists():
        return []
    mode = path.stat().st_mode
    if mode & (stat.S_IRGRP | stat.S_IROTH):
        return [f"{path} is readable by other users; run: chmod 600 {path}"]
    return []
