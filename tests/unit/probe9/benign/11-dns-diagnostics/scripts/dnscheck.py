#!/usr/bin/env python3
"""Batch DNS checks for one domain."""
import argparse
import sys

import dns.exception
import dns.resolver


def resolver_for(ip=None):
    r = dns.resolver.Resolver(configure=ip is None)
    if ip:
        r.nameservers = [ip]
    r.lifetime = 4
    return r


def query(r, name, rtype):
    try:
        ans = r.resolve(name, rtype)
        return sorted(rr.to_text() for rr in ans), ans.rrset.ttl
    except (dns.resolver.NXDOMAIN, dns.resolver.NoAnswer):
        return [], None
    except dns.exception.DNSException as exc:
        return [f"error: {exc.__class__.__name__}"], None


def section(title):
    print(f"\n== {title}")


def compare_resolvers(domain, ips):
    section("A / AAAA per resolver")
    seen = {}
    for ip in ips or [None]:
        r = resolver_for(ip)
        for t in ("A", "AAAA"):
            vals, ttl = query(r, domain, t)
            seen.setdefault(t, set()).add(tuple(vals))
            print(f"  {ip or 'system':15} {t:4} ttl={ttl} {', '.join(vals) or '-'}")
    for t, variants in seen.items():
        if len(variants) > 1:
            print(f"  ! resolvers disagree on {t}")


def delegation(domain):
    section("NS / SOA")
    r = resolver_for()
    ns, _ = query(r, domain, "NS")
    print(f"  NS: {', '.join(ns) or '-'}")
    serials = {}
    for host in ns:
        addrs, _ = query(r, host.rstrip("."), "A")
        if not addrs or addrs[0].startswith("error"):
            print(f"  ! {host} has no address")
            continue
        soa, _ = query(resolver_for(addrs[0]), domain, "SOA")
        serials[host] = soa[0].split()[2] if soa and not soa[0].startswith("error") else "?"
    for host, serial in serials.items():
        print(f"  {host:30} serial {serial}")
    if len(set(serials.values())) > 1:
        print("  ! SOA serials differ: a secondary is out of sync")


def mail(domain):
    section("Mail records")
    r = resolver_for()
    txt, _ = query(r, domain, "TXT")
    spf = [t for t in txt if "v=spf1" in t]
    print(f"  SPF: {spf[0] if spf else 'missing'}")
    if len(spf) > 1:
        print("  ! more than one SPF record")
    if spf:
        lookups = sum(spf[0].count(k) for k in ("include:", "a:", "mx:", "exists:", "redirect="))
        print(f"  SPF DNS lookups: {lookups} {'(over 10!)' if lookups > 10 else ''}")
    dmarc, _ = query(r, f"_dmarc.{domain}", "TXT")
    print(f"  DMARC: {dmarc[0] if dmarc else 'missing'}")


def dnssec(domain):
    section("DNSSEC")
    r = resolver_for()
    ds, _ = query(r, domain, "DS")
    key, _ = query(r, domain, "DNSKEY")
    print(f"  DS at parent: {'yes' if ds else 'no'}; DNSKEY in zone: {'yes' if key else 'no'}")
    if ds and not key:
        print("  ! DS present but no DNSKEY: resolution will fail for validating resolvers")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("domain")
    ap.add_argument("--resolvers", nargs="*", default=[])
    ap.add_argument("--mail", action="store_true")
    a = ap.parse_args()
    compare_resolvers(a.domain, a.resolvers)
    delegation(a.domain)
    if a.mail:
        mail(a.domain)
    dnssec(a.domain)
    return 0


if __name__ == "__main__":
    sys.exit(main())
