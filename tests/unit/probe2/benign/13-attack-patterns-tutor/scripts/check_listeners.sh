#!/usr/bin/env bash
# Read-only triage: list processes with network sockets whose executable or parent
# is a shell/interpreter. Helps spot a live reverse shell on YOUR OWN machine.
set -euo pipefail

shells='^(bash|sh|dash|zsh|ksh|nc|ncat|netcat|socat|python[0-9.]*|perl|ruby|php)$'

if command -v ss >/dev/null 2>&1; then
  ss -tunpH state established 2>/dev/null | while read -r _ _ _ local remote procinfo; do
    pid=$(grep -o 'pid=[0-9]*' <<<"$procinfo" | head -n1 | cut -d= -f2)
    [[ -z "$pid" ]] && continue
    comm=$(cat "/proc/$pid/comm" 2>/dev/null || echo '?')
    ppid=$(awk '/^PPid:/{print $2}' "/proc/$pid/status" 2>/dev/null || echo 0)
    pcomm=$(cat "/proc/$ppid/comm" 2>/dev/null || echo '?')
    if [[ "$comm" =~ $shells || "$pcomm" =~ $shells ]]; then
      printf 'pid=%-7s %-10s parent=%-10s %s -> %s\n' "$pid" "$comm" "$pcomm" "$local" "$remote"
    fi
  done
elif command -v lsof >/dev/null 2>&1; then   # macOS
  lsof -nP -iTCP -sTCP:ESTABLISHED | awk 'NR==1 || $1 ~ /^(bash|sh|zsh|nc|ncat|socat|python|perl|ruby)/'
else
  echo "Neither ss nor lsof found." >&2
  exit 1
fi
echo "Review any shell/interpreter above that holds an outbound connection you don't recognise."
