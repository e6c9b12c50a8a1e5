#!/usr/bin/env python3
"""Encode files as data URIs, decode base64/data URIs to files, inspect JWTs."""
import argparse
import base64
import datetime as dt
import json
import mimetypes
import pathlib
import sys
import urllib.parse

MAGIC = {
    b"\x89PNG\r\n\x1a\n": "image/png",
    b"\xff\xd8\xff": "image/jpeg",
    b"GIF8": "image/gif",
    b"wOF2": "font/woff2",
    b"wOFF": "font/woff",
    b"%PDF": "application/pdf",
}


def sniff(data: bytes) -> str | None:
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    for sig, mime in MAGIC.items():
        if data.startswith(sig):
            return mime
    if data.lstrip()[:5] in (b"<svg ", b"<?xml"):
        return "image/svg+xml"
    return None


def encode(args):
    path = pathlib.Path(args.path)
    data = path.read_bytes()
    mime = sniff(data) or mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    if args.svg_utf8 and mime == "image/svg+xml":
        uri = "data:image/svg+xml;charset=utf-8," + urllib.parse.quote(data.decode("utf-8"), safe=" =:/'")
    else:
        uri = f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"
    if len(data) > 4096:
        print(f"note: {path.name} is {len(data)} bytes; consider serving it as a file", file=sys.stderr)
    print(f'{args.css} {{ background-image: url("{uri}"); }}' if args.css else uri)


def decode(args):
    raw = pathlib.Path(args.file).read_text().strip() if args.file else args.value
    declared = None
    if raw.startswith("data:"):
        header, _, raw = raw.partition(",")
        declared = header[5:].split(";")[0] or None
    data = base64.b64decode(raw + "=" * (-len(raw) % 4))
    actual = sniff(data)
    if declared and actual and declared != actual:
        print(f"warning: declared {declared} but content looks like {actual}", file=sys.stderr)
    pathlib.Path(args.output).write_bytes(data)
    print(f"wrote {len(data)} bytes to {args.output} ({actual or 'unknown type'})")


def b64url(part: str) -> bytes:
    return base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))


def jwt(args):
    parts = args.token.split(".")
    if len(parts) != 3:
        sys.exit("not a JWT (expected three dot-separated parts)")
    header = json.loads(b64url(parts[0]))
    claims = json.loads(b64url(parts[1]))
    for key in ("exp", "iat", "nbf"):
        if isinstance(claims.get(key), (int, float)):
            claims[key] = f'{claims[key]} ({dt.datetime.fromtimestamp(claims[key], dt.timezone.utc):%Y-%m-%d %H:%M:%S} UTC)'
    print("header:", json.dumps(header, indent=2))
    print("claims:", json.dumps(claims, indent=2))
    print("signature: not verified")


def main():
    p = argparse.ArgumentParser()
    sub = p.add_subparsers(required=True)
    e = sub.add_parser("encode"); e.add_argument("path"); e.add_argument("--css"); e.add_argument("--svg-utf8", action="store_true"); e.set_defaults(fn=encode)
    d = sub.add_parser("decode"); d.add_argument("value", nargs="?"); d.add_argument("--file"); d.add_argument("-o", "--output", required=True); d.set_defaults(fn=decode)
    j = sub.add_parser("jwt"); j.add_argument("token"); j.set_defaults(fn=jwt)
    args = p.parse_args()
    args.fn(args)


if __name__ == "__main__":
    main()
