#!/usr/bin/env bash
# Container health probe. Exit 0 = healthy. Local checks only, no network.
set -u

fail() { echo "unhealthy: $*"; exit 1; }

# 1. core tools present
for t in git node python3 curl; do
  command -v "$t" >/dev/null 2>&1 || fail "$t missing"
done

# 2. workspace mounted and writable
[ -d /workspace ] || fail "/workspace not mounted"
probe="/workspace/.devbox-probe.$$"
touch "$probe" 2>/dev/null && rm -f "$probe" || fail "/workspace read-only"

# 3. disk space inside the container (warn under 1 GiB)
avail_kb=$(df -Pk /workspace | awk 'NR==2 {print $4}')
if [ "${avail_kb:-0}" -lt 1048576 ]; then
  fail "less than 1 GiB free on /workspace"
fi

# 4. optional app port check, only if something is listening on localhost
check_port() {
  local port="$1"
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    echo "port $port: listening"
  fi
}
check_port 3000
check_port 8000

# 5. clock sanity (TLS and package managers break on skewed clocks)
year=$(date +%Y)
if [ "$year" -lt 2024 ]; then
  fail "container clock looks wrong: $(date)"
fi

# 6. home directory owned by the dev user
[ -O "$HOME" ] || fail "HOME not owned by $(id -un)"

echo healthy
exit 0
