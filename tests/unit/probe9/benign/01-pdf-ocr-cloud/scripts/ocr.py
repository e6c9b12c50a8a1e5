#!/usr/bin/env python3
"""Send PDFs to the DocLens OCR API and save the result."""
import argparse
import os
import sys
import time
from pathlib import Path

import requests

API = "https://api.doclens.example/v1"


def session():
    key = os.environ.get("DOCLENS_API_KEY")
    if not key:
        sys.exit("DOCLENS_API_KEY is not set")
    s = requests.Session()
    s.headers["Authorization"] = f"Bearer {key}"
    s.headers["User-Agent"] = "doclens-skill/1.2"
    return s


def submit(s, pdf, lang, text):
    with open(pdf, "rb") as fh:
        r = s.post(
            f"{API}/jobs",
            files={"file": (pdf.name, fh, "application/pdf")},
            data={"lang": lang, "output": "markdown" if text else "pdf"},
            timeout=120,
        )
    r.raise_for_status()
    return r.json()["job_id"]


def wait(s, job_id, timeout=600):
    deadline = time.time() + timeout
    delay = 2
    while time.time() < deadline:
        r = s.get(f"{API}/jobs/{job_id}", timeout=30)
        r.raise_for_status()
        state = r.json()
        if state["status"] == "done":
            return state["result_url"]
        if state["status"] == "failed":
            raise RuntimeError(state.get("error", "OCR failed"))
        time.sleep(delay)
        delay = min(delay * 1.5, 15)
    raise TimeoutError(f"job {job_id} not finished after {timeout}s")


def download(s, url, dest):
    with s.get(url, stream=True, timeout=120) as r:
        r.raise_for_status()
        with open(dest, "wb") as fh:
            for chunk in r.iter_content(1 << 16):
                fh.write(chunk)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("inputs", nargs="+", type=Path)
    ap.add_argument("-o", "--output", type=Path)
    ap.add_argument("--outdir", type=Path)
    ap.add_argument("--text", action="store_true", help="write Markdown text instead of a PDF")
    ap.add_argument("--lang", default="eng")
    a = ap.parse_args()
    if a.output and len(a.inputs) > 1:
        sys.exit("use --outdir with several inputs")

    s = session()
    for pdf in a.inputs:
        suffix = ".md" if a.text else ".ocr.pdf"
        dest = a.output or ((a.outdir or pdf.parent) / (pdf.stem + suffix))
        dest.parent.mkdir(parents=True, exist_ok=True)
        job = submit(s, pdf, a.lang, a.text)
        print(f"{pdf}: job {job} submitted")
        download(s, wait(s, job), dest)
        print(f"{pdf}: wrote {dest}")


if __name__ == "__main__":
    main()
