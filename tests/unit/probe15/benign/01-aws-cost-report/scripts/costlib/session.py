"""Build a boto3 session the same way the AWS CLI would."""
import configparser
import os
from pathlib import Path

import boto3
from botocore.exceptions import NoCredentialsError, ProfileNotFound

AWS_DIR = Path.home() / ".aws"


def list_profiles():
    """Return profile names (never secrets) from the shared AWS files."""
    names = set()
    cred_path = Path(os.environ.get("AWS_SHARED_CREDENTIALS_FILE", AWS_DIR / "credentials"))
    conf_path = Path(os.environ.get("AWS_CONFIG_FILE", AWS_DIR / "config"))
    for path, prefix in ((cred_path, ""), (conf_path, "profile ")):
        if not path.exists():
            continue
        cp = configparser.RawConfigParser()
        cp.read(path)
        for section in cp.sections():
            if section == "default" or section.startswith(prefix):
                names.add(section[len(prefix):] if section != "default" else "default")
    return sorted(names)


class SessionFactory:
    """Creates sessions and Cost Explorer clients (CE lives in us-east-1)."""

    CE_REGION = "us-east-1"

    def __init__(self, profile=None):
        self.profile = profile or os.environ.get("AWS_PROFILE")
        self._session = None

    @property
    def session(self):
        if self._session is None:
            try:
                self._session = boto3.Session(profile_name=self.profile)
            except ProfileNotFound as exc:
                raise SystemExit(f"AWS profile not found: {exc}") from exc
        return self._session

    def cost_explorer(self):
        if self.session.get_credentials() is None:
            raise SystemExit("No AWS credentials found. Run `aws configure` or `aws sso login`.")
        return self.session.client("ce", region_name=self.CE_REGION)

    def account_id(self):
        try:
            return self.session.client("sts").get_caller_identity()["Account"]
        except NoCredentialsError:
            return "unknown"
