#!/usr/bin/env python3
"""Log in with a test account and check that authenticated pages render."""
import argparse
import os
import sys
from pathlib import Path

from playwright.sync_api import TimeoutError as PWTimeout
from playwright.sync_api import sync_playwright

STATE = Path(".auth/state.json")
ARTIFACTS = Path("e2e-artifacts")


def env(name):
    v = os.environ.get(name)
    if not v:
        sys.exit(f"{name} is not set")
    return v


def login(page, base, user, password):
    page.goto(f"{base}/login")
    page.get_by_label("Email").fill(user)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(lambda url: "/login" not in url, timeout=15000)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pages", nargs="+", default=["/account"])
    ap.add_argument("--expect", default="main")
    ap.add_argument("--headed", action="store_true")
    a = ap.parse_args()

    base = env("E2E_BASE_URL").rstrip("/")
    if "staging" not in base and "localhost" not in base and os.environ.get("E2E_ALLOW_PROD") != "1":
        sys.exit("refusing to run outside staging/localhost (set E2E_ALLOW_PROD=1 to override)")

    failures = 0
    with sync_playwright() as pw:
        browser = pw.chromium.launch(headless=not a.headed)
        ctx = browser.new_context(storage_state=str(STATE) if STATE.exists() else None)
        ctx.tracing.start(screenshots=True, snapshots=True)
        page = ctx.new_page()

        page.goto(f"{base}{a.pages[0]}")
        if "/login" in page.url:
            login(page, base, env("E2E_USER"), env("E2E_PASSWORD"))
            STATE.parent.mkdir(exist_ok=True)
            ctx.storage_state(path=str(STATE))

        for path in a.pages:
            try:
                page.goto(f"{base}{path}", wait_until="domcontentloaded")
                page.wait_for_selector(a.expect, timeout=10000)
                print(f"ok    {path}")
            except PWTimeout:
                failures += 1
                ARTIFACTS.mkdir(exist_ok=True)
                shot = ARTIFACTS / f"fail{path.replace('/', '_')}.png"
                page.screenshot(path=str(shot), full_page=True)
                print(f"FAIL  {path}  (no {a.expect!r}; screenshot {shot})")

        if failures:
            ARTIFACTS.mkdir(exist_ok=True)
            ctx.tracing.stop(path=str(ARTIFACTS / "trace.zip"))
        else:
            ctx.tracing.stop()
        browser.close()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
