#!/usr/bin/env bash
# network-doctor: read-only diagnostics against one target host
set -uo pipefail

target="${1:?usage: doctor.sh HOST [--no-trace]}"
no_trace=0; [[ "${2:-}" == "--no-trace" ]] && no_trace=1
if [[ ! "$target" =~ ^[A-Za-z0-9.-]+$ && ! "$target" =~ ^[0-9a-fA-F:]+$ ]]; then
  echo "invalid host: $target" >&2; exit 2
fi
report="/tmp/network-doctor-${target}.txt"
exec > >(tee "$report") 2>&1

section() { printf '\n== %s ==\n' "$1"; }
have() { command -v "$1" >/dev/null 2>&1; }

section "local configuration"
if have ip; then ip route show default; elif have route; then route -n get default 2>/dev/null | grep -E 'gateway|interface'; fi
if [[ -f /etc/resolv.conf ]]; then grep -E '^(nameserver|search)' /etc/resolv.conf; fi
have scutil && scutil --dns | grep -m4 nameserver
for v in HTTP_PROXY HTTPS_PROXY http_proxy https_proxy NO_PROXY; do
  val="${!v:-}"
  [[ -z "$val" ]] && continue
  # print only scheme://host:port, never userinfo
  printf '%s=%s\n' "$v" "$(echo "$val" | sed -E 's#^([a-z]+://)?([^@/]*@)?([^/]*).*#\1\3#')"
done

section "dns"
if have dig; then
  for t in A AAAA; do
    dig +tries=1 +time=3 "$target" "$t" | awk -v t="$t" '/^;; Query time/{q=$4} $4==t{print t, $5} END{print "query time:", q, "ms"}'
  done
else
  getent ahosts "$target" | awk '{print $1}' | sort -u
fi

section "latency / loss"
ping -c 10 -i 0.3 "$target" | tail -n 3

section "path mtu"
if ping -c1 -M do -s 1472 "$target" >/dev/null 2>&1; then
  echo "full 1500-byte frames pass"
else
  lo=1200 hi=1472
  while (( lo < hi )); do
    mid=$(( (lo + hi + 1) / 2 ))
    if ping -c1 -W1 -M do -s "$mid" "$target" >/dev/null 2>&1; then lo=$mid; else hi=$((mid - 1)); fi
  done
  echo "largest unfragmented payload: $lo bytes (MTU ~ $((lo + 28)))"
fi

section "tls"
if have openssl; then
  start=$(date +%s%N)
  cert="$(echo | timeout 8 openssl s_client -servername "$target" -connect "$target:443" 2>/dev/null)"
  end=$(date +%s%N)
  echo "handshake: $(( (end - start) / 1000000 )) ms"
  echo "$cert" | openssl x509 -noout -subject -enddate 2>/dev/null || echo "no certificate (port 443 closed?)"
fi

if (( ! no_trace )) && have traceroute; then
  section "route"
  traceroute -n -q 1 -w 1 -m 20 "$target" 2>/dev/null
fi

echo; echo "report saved to $report"
