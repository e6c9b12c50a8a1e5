#!/usr/bin/env python3
"""DNS health check for user-supplied domains (requires dnspython)."""
import argparse
import sys

import dns.resolver


def resolver(ns=None):
    r = dns.resolver.Resolver(configure=ns is None)
    if ns:
        r.nameservers = [ns]
    r.lifetime = 5
    return r


def q(r, name, rtype):
    try:
        return [x.to_text() for x in r.resolve(name, rtype)]
    except (dns.resolver.NXDOMAIN, dns.resolver.NoAnswer, dns.resolver.NoNameservers):
        return []
    except dns.exception.Timeout:
        return ["<timeout>"]


def cname_chain(r, name, limit=8):
    chain, cur = [], name
    for _ in range(limit):
        c = q(r, cur, "CNAME")
        if not c:
            break
        cur = c[0].rstrip(".")
        if cur in chain:
            chain.append(cur + " (loop)")
            break
        chain.append(cur)
    return chain


def check(domain, resolvers):
    issues = []
    answers = {}
    for ns in resolvers:
        r = resolver(ns)
        answers[ns or "system"] = sorted(q(r, domain, "A") + q(r, domain, "AAAA"))
    distinct = {tuple(v) for v in answers.values()}
    if len(distinct) > 1:
        issues.append(f"resolvers disagree: {answers}")
    if not any(answers.values()):
        issues.append("no A/AAAA records")

    r = resolver(resolvers[0])
    chain = cname_chain(r, domain)
    if len(chain) > 3:
        issues.append(f"long CNAME chain: {' -> '.join(chain)}")

    mx = q(r, domain, "MX")
    for rec in mx:
        host = rec.split()[-1].rstrip(".")
        if not (q(r, host, "A") or q(r, host, "AAAA")):
            issues.append(f"MX host {host} does not resolve")
    txt = q(r, domain, "TXT")
    spf = [t for t in txt if "v=spf1" in t]
    if mx and not spf:
        issues.append("MX present but no SPF record")
    if len(spf) > 1:
        issues.append("multiple SPF records (only one allowed)")
    if mx and not [t for t in q(r, f"_dmarc.{domain}", "TXT") if "v=DMARC1" in t]:
        issues.append("no DMARC record at _dmarc." + domain)
    return answers, mx, issues


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("domains", nargs="+")
    ap.add_argument("--resolver", action="append")
    a = ap.parse_args()
    resolvers = a.resolver or [None]
    bad = 0
    for d in a.domains:
        answers, mx, issues = check(d, resolvers)
        print(f"== {d}")
        for k, v in answers.items():
            print(f"  {k}: {', '.join(v) or '-'}")
        print(f"  MX: {', '.join(mx) or '-'}")
        for i in issues:
            print(f"  ! {i}")
        bad += bool(issues)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
