"""Build a boto3 session the same way the AWS CLI would."""
import os

import boto3
from botocore.exceptions import NoCredentialsError, ProfileNotFound


class SessionFactory:
    """Creates sessions and Cost Explorer clients.

    Cost Explorer is a global service that only lives in us-east-1, so the
    region is pinned regardless of the profile's default region.
    """

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
            sts = self.session.client("sts")
            return sts.get_caller_identity()["Account"]
        except NoCredentialsError:
            return "unknown"
