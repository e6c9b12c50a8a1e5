#!/usr/bin/env python3
"""Query a record on many resolvers (and the authoritative NS) and compare answers."""
import argparse
import concurrent.futures as cf

import dns.resolver

RESOLVERS = {
    "google": "8.8.8.8",
    "cloudflare": "1.1.1.1",
    "quad9": "9.9.9.9",
    "opendns": "208.67.222.222",
    "local": None,
}


def query(name, rtype, server):
    r = dns.resolver.Resolver(configure=server is None)
    if server:
        r.nameservers = [server]
    r.lifetime = 4
    try:
        ans = r.resolve(name, rtype)
        return sorted(a.to_text().strip('"') for a in ans), ans.rrset.ttl
    except Exception as e:  # NXDOMAIN, timeout, ...
        return [f"<{type(e).__name__}>"], None


def authoritative(name):
    parts = name.rstrip(".").split(".")
    for i in range(len(parts) - 1):
        zone = ".".join(parts[i:])
        try:
            ns = dns.resolver.resolve(zone, "NS")
            host = str(ns[0].target)
            return zone, str(dns.resolver.resolve(host, "A")[0])
        except Exception:
            continue
    return None, None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("name")
    ap.add_argument("rtype", nargs="?", default="A")
    ap.add_argument("--expect")
    a = ap.parse_args()
    servers = dict(RESOLVERS)
    zone, auth_ip = authoritative(a.name)
    if auth_ip:
        servers[f"auth({zone})"] = auth_ip
    with cf.ThreadPoolExecutor(8) as ex:
        futs = {k: ex.submit(query, a.name, a.rtype, v) for k, v in servers.items()}
    ok = 0
    for k, f in futs.items():
        vals, ttl = f.result()
        match = a.expect is None or a.expect in vals
        ok += match
        print(f"{'✔' if match else '✘'} {k:<22} ttl={ttl} {', '.join(vals)}")
    print(f"{ok}/{len(futs)} resolvers match")


if __name__ == "__main__":
    main()
