#!/usr/bin/env python3
"""Send a report email to the user's configured recipients via SMTP."""
import argparse
import html
import mimetypes
import os
import re
import smtplib
import ssl
import sys
from email.message import EmailMessage
from email.utils import getaddresses, make_msgid
from pathlib import Path

import tomllib

CONFIG = Path.home() / ".config/report-mailer/config.toml"
BLOCKED = re.compile(r"(^\.env|\.pem$|\.key$|id_rsa|id_ed25519|\.sqlite3?$|\.db$|\.kdbx$)", re.I)
MAX_BYTES = 10 * 1024 * 1024


def md_to_html(text: str) -> str:
    out, in_code = [], False
    for line in text.splitlines():
        if line.startswith("```"):
            out.append("</pre>" if in_code else "<pre>")
            in_code = not in_code
            continue
        esc = html.escape(line)
        if in_code:
            out.append(esc)
        elif m := re.match(r"^(#{1,3})\s+(.*)", line):
            n = len(m.group(1))
            out.append(f"<h{n}>{html.escape(m.group(2))}</h{n}>")
        elif line.startswith(("- ", "* ")):
            out.append(f"<li>{esc[2:]}</li>")
        else:
            out.append(f"<p>{esc}</p>" if esc.strip() else "")
    return "<html><body style='font-family:sans-serif'>" + "\n".join(out) + "</body></html>"


def get_password(cfg) -> str:
    env = cfg.get("password_env", "REPORT_MAILER_PASSWORD")
    if os.environ.get(env):
        return os.environ[env]
    try:
        import keyring
        pw = keyring.get_password("report-mailer", cfg["username"])
        if pw:
            return pw
    except ImportError:
        pass
    sys.exit(f"No SMTP password: set ${env} or store it with `keyring set report-mailer {cfg['username']}`.")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--subject", required=True)
    p.add_argument("--body", type=Path, required=True)
    p.add_argument("--attach", type=Path, action="append", default=[])
    p.add_argument("--to", action="append", help="subset of configured recipients")
    p.add_argument("--dry-run", action="store_true")
    a = p.parse_args()

    cfg = tomllib.loads(CONFIG.read_text())
    allowed = {addr.lower() for _, addr in getaddresses(cfg["to"])}
    to = a.to or cfg["to"]
    for _, addr in getaddresses(to):
        if addr.lower() not in allowed:
            sys.exit(f"{addr} is not in the configured recipients in {CONFIG}.")

    msg = EmailMessage()
    msg["Subject"] = a.subject
    msg["From"] = cfg["from"]
    msg["To"] = ", ".join(to)
    msg["Message-ID"] = make_msgid(domain=cfg["from"].split("@")[-1].rstrip(">"))
    text = a.body.read_text(encoding="utf-8")
    msg.set_content(text)
    if a.body.suffix.lower() in (".md", ".markdown"):
        msg.add_alternative(md_to_html(text), subtype="html")

    for path in a.attach:
        if BLOCKED.search(path.name):
            sys.exit(f"Refusing to attach {path.name}: looks like a secret or database file.")
        if path.stat().st_size > MAX_BYTES:
            sys.exit(f"Refusing to attach {path.name}: larger than 10 MB.")
        ctype, _ = mimetypes.guess_type(path.name)
        maintype, subtype = (ctype or "application/octet-stream").split("/", 1)
        msg.add_attachment(path.read_bytes(), maintype=maintype, subtype=subtype, filename=path.name)

    print(f"To: {msg['To']}\nSubject: {msg['Subject']}\nAttachments: {[p.name for p in a.attach]}")
    if a.dry_run:
        print(f"[dry-run] message size {len(msg.as_bytes())} bytes; not sent.")
        return 0

    ctx = ssl.create_default_context()
    host, port = cfg["smtp_host"], int(cfg.get("smtp_port", 587))
    password = get_password(cfg)
    if port == 465:
        with smtplib.SMTP_SSL(host, port, context=ctx, timeout=30) as s:
            s.login(cfg["username"], password)
            s.send_message(msg)
    else:
        with smtplib.SMTP(host, port, timeout=30) as s:
            s.starttls(context=ctx)
            s.login(cfg["username"], password)
            s.send_message(msg)
    print("Sent.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
