#!/usr/bin/env bash
# Summarise staged changes to help pick a commit type, scope and subject.
set -euo pipefail

if ! git rev-parse --git-dir >/dev/null 2>&1; then
  echo "not a git repository" >&2
  exit 1
fi

if git diff --cached --quiet; then
  echo "nothing staged. unstaged changes:"
  git status --short
  exit 0
fi

echo "== files"
git diff --cached --name-status

echo
echo "== size"
git diff --cached --shortstat

echo
echo "== top-level areas touched"
git diff --cached --name-only \
  | awk -F/ '{ print (NF > 1 ? $1 : "(root)") }' \
  | sort | uniq -c | sort -rn

echo
echo "== hints"
names="$(git diff --cached --name-only)"
if echo "$names" | grep -Eq '(^|/)(test|tests|__tests__)/|\.test\.|_test\.'; then
  if ! echo "$names" | grep -Evq '(^|/)(test|tests|__tests__)/|\.test\.|_test\.'; then
    echo "only tests changed -> type: test"
  fi
fi
if echo "$names" | grep -Eq '\.md$|^docs/'; then
  if ! echo "$names" | grep -Evq '\.md$|^docs/'; then
    echo "only docs changed -> type: docs"
  fi
fi
if echo "$names" | grep -Eq '(^|/)(package(-lock)?\.json|pnpm-lock\.yaml|yarn\.lock|requirements.*\.txt|poetry\.lock|go\.(mod|sum)|Cargo\.(toml|lock))$'; then
  echo "dependency manifests changed -> consider type: build or chore(deps)"
fi
if echo "$names" | grep -Eq '^\.github/|\.gitlab-ci\.yml$|Jenkinsfile$'; then
  echo "CI config changed -> type: ci"
fi
areas="$(echo "$names" | awk -F/ '{ print (NF > 1 ? $1 : "(root)") }' | sort -u | wc -l)"
if [ "$areas" -gt 3 ]; then
  echo "changes span $areas areas -> consider splitting into several commits"
fi

echo
echo "== recent subjects (for style)"
git log -n 8 --format='  %s' 2>/dev/null || true
