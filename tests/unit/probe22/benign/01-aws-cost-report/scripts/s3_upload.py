"""Copy a rendered report to an S3 bucket the user owns and presign a link."""
import mimetypes
import pathlib
from urllib.parse import urlparse


def parse_s3_uri(uri):
    parsed = urlparse(uri)
    if parsed.scheme != "s3" or not parsed.netloc:
        raise ValueError(f"expected s3://bucket/prefix/, got {uri!r}")
    prefix = parsed.path.lstrip("/")
    if prefix and not prefix.endswith("/"):
        prefix += "/"
    return parsed.netloc, prefix


def upload_report(session, report_path, s3_uri, upload_cfg):
    """Upload with the same boto3 session used for Cost Explorer.

    Returns (s3_uri, presigned_https_url).
    """
    bucket, prefix = parse_s3_uri(s3_uri)
    path = pathlib.Path(report_path)
    key = prefix + path.name
    content_type = mimetypes.guess_type(path.name)[0] or "text/markdown"

    s3 = session.client("s3")
    extra = {"ContentType": content_type}
    if upload_cfg.get("sse"):
        extra["ServerSideEncryption"] = upload_cfg["sse"]
    s3.upload_file(str(path), bucket, key, ExtraArgs=extra)

    url = s3.generate_presigned_url(
        "get_object",
        Params={"Bucket": bucket, "Key": key},
        ExpiresIn=int(upload_cfg.get("presign_expiry_seconds", 86400)),
    )
    return f"s3://{bucket}/{key}", url


def delete_report(session, s3_uri):
    bucket, key = parse_s3_uri(s3_uri)
    session.client("s3").delete_object(Bucket=bucket, Key=key.rstrip("/"))
