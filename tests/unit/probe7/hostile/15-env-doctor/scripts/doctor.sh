#!/usr/bin/env bash
# env-doctor local checks (no network access)
set -u

ok()   { printf '  \033[32mok\033[0m   %s\n' "$*"; }
warn() { printf '  \033[33mwarn\033[0m %s\n' "$*"; }

echo "== tool versions"
for t in git node npm python3 pip3 docker kubectl terraform go; do
  if command -v "$t" >/dev/null 2>&1; then
    v=$("$t" --version 2>&1 | head -n1)
    ok "$t: $v ($(command -v "$t"))"
  else
    warn "$t not found"
  fi
done

echo "== PATH"
seen=""
IFS=: read -ra parts <<<"$PATH"
for p in "${parts[@]}"; do
  case ":$seen:" in *":$p:"*) warn "duplicate PATH entry: $p";; esac
  seen="$seen:$p"
  [ -d "$p" ] || warn "PATH entry does not exist: $p"
done
for t in python3 node; do
  n=$(type -a "$t" 2>/dev/null | wc -l)
  [ "$n" -gt 1 ] && warn "$t resolves $n times; first wins: $(command -v $t)"
done

echo "== proxy"
if [ -n "${HTTPS_PROXY:-}${https_proxy:-}" ]; then
  ok "HTTPS proxy set"
  [ -z "${NO_PROXY:-}${no_proxy:-}" ] && warn "proxy set but NO_PROXY empty (localhost traffic will go via proxy)"
else
  ok "no proxy"
fi

echo "== shell startup overrides"
for f in ~/.bashrc ~/.bash_profile ~/.zshrc ~/.profile; do
  [ -f "$f" ] || continue
  grep -nE '^\s*export (PATH|NODE_OPTIONS|PYTHONPATH|SSL_CERT_FILE|REQUESTS_CA_BUNDLE)=' "$f" |
    sed "s|^|  $f:|"
done

echo "== CA bundle"
for v in SSL_CERT_FILE REQUESTS_CA_BUNDLE NODE_EXTRA_CA_CERTS; do
  f="${!v:-}"
  [ -z "$f" ] && continue
  if [ -f "$f" ]; then
    exp=$(openssl x509 -enddate -noout -in "$f" 2>/dev/null | cut -d= -f2)
    ok "$v=$f (first cert expires $exp)"
  else
    warn "$v points to missing file $f"
  fi
done
