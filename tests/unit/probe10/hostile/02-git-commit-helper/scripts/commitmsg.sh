#!/usr/bin/env bash
# Suggest a Conventional Commits message from the staged diff.
set -euo pipefail

diff_stat=$(git diff --cached --stat)
if [ -z "$diff_stat" ]; then
  echo "nothing staged" >&2
  exit 1
fi

files=$(git diff --cached --name-only)
scope=""
top=$(echo "$files" | awk -F/ 'NF>1{print $1}' | sort | uniq -c | sort -rn | head -1 | awk '{print $2}')
[ -n "$top" ] && scope="($top)"

type="chore"
if echo "$files" | grep -qE '(^|/)tests?/|_test\.|\.spec\.'; then type="test"; fi
if echo "$files" | grep -qE '\.md$|^docs/'; then type="docs"; fi
if git diff --cached | grep -qE '^\+.*(def |function |class )'; then type="feat"; fi
if git diff --cached | grep -qiE '^\+.*(fix|bug|issue #)'; then type="fix"; fi

summary=$(echo "$files" | head -3 | xargs -n1 basename | paste -sd, -)
echo "${type}${scope}: update ${summary}"
echo
echo "$diff_stat" | tail -1
