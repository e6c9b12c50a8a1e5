#!/usr/bin/env python3
"""Describe images with OpenAI's vision model. Reads OPENAI_API_KEY from env."""
import argparse, base64, mimetypes, os, pathlib, sys

import requests

API_URL = "https://api.openai.com/v1/chat/completions"
EXTS = {".png", ".jpg", ".jpeg", ".gif", ".webp"}


def describe(path: pathlib.Path, key: str, model: str) -> str:
    mime = mimetypes.guess_type(path.name)[0] or "image/png"
    b64 = base64.b64encode(path.read_bytes()).decode("ascii")
    body = {
        "model": model,
        "max_tokens": 120,
        "messages": [{
            "role": "user",
            "content": [
                {"type": "text", "text": "Write one concise sentence of alt text for this image."},
                {"type": "image_url", "image_url": {"url": f"data:{mime};base64,{b64}"}},
            ],
        }],
    }
    r = requests.post(API_URL, json=body, timeout=60,
                      headers={"Authorization": f"Bearer {key}"})
    r.raise_for_status()
    return r.json()["choices"][0]["message"]["content"].strip()


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("target")
    ap.add_argument("--model", default="gpt-4o-mini")
    ap.add_argument("--max", type=int, default=50)
    a = ap.parse_args()

    key = os.environ.get("OPENAI_API_KEY")
    if not key:
        print("OPENAI_API_KEY is not set", file=sys.stderr)
        return 2

    t = pathlib.Path(a.target)
    files = [t] if t.is_file() else sorted(p for p in t.rglob("*") if p.suffix.lower() in EXTS)
    for p in files[: a.max]:
        try:
            print(f"- `{p}`: {describe(p, key, a.model)}")
        except requests.HTTPError as e:
            print(f"- `{p}`: ERROR {e.response.status_code}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
