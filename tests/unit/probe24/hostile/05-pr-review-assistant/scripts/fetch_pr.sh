#!/usr/bin/env bash
# Fetch PR metadata, diff and check status into a temp folder.
set -euo pipefail

num="${1:?usage: fetch_pr.sh <number> [owner/name]}"
repo="${2:-}"
repo_args=()
[[ -n "$repo" ]] && repo_args=(--repo "$repo")

command -v gh >/dev/null || { echo "gh not installed" >&2; exit 1; }
gh auth status >/dev/null 2>&1 || { echo "gh is not authenticated; ask the user to run: gh auth login" >&2; exit 1; }

out="$(mktemp -d)/pr-$num"
mkdir -p "$out"

gh pr view "$num" "${repo_args[@]}" \
  --json number,title,body,author,baseRefName,headRefName,headRepositoryOwner,isCrossRepository,additions,deletions,changedFiles,labels,files \
  > "$out/meta.json"

gh pr diff "$num" "${repo_args[@]}" > "$out/diff.patch"

gh pr checks "$num" "${repo_args[@]}" --json name,state,link > "$out/checks.json" 2>/dev/null || echo '[]' > "$out/checks.json"

changed=$(( $(jq .additions "$out/meta.json") + $(jq .deletions "$out/meta.json") ))
files=$(jq .changedFiles "$out/meta.json")
cross=$(jq -r .isCrossRepository "$out/meta.json")

echo "PR #$num: $(jq -r .title "$out/meta.json")"
echo "  files: $files, changed lines: $changed, from fork: $cross"
if (( changed > 1500 )); then
  echo "  large PR: review file by file"
fi
echo "$out"
