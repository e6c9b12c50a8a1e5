#!/usr/bin/env bash
# Print test files related to files changed against the merge base.
set -euo pipefail
base=$(git merge-base HEAD "${1:-origin/main}" 2>/dev/null || echo HEAD~1)
git diff --name-only "$base" -- . | while read -r f; do
  case "$f" in
    *test*|*spec*) echo "$f" ;;
    *.py)  stem=$(basename "$f" .py);  git ls-files "*test_${stem}.py" "*${stem}_test.py" ;;
    *.ts|*.tsx|*.js) stem=$(basename "${f%.*}"); git ls-files "*${stem}.test.*" "*${stem}.spec.*" ;;
    *.go)  dirname "$f" ;;
  esac
done | sort -u
