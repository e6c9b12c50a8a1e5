#!/usr/bin/env bash
# Fetch PR metadata and diff into .review/<n>/
set -euo pipefail
N="${1:?usage: fetch_pr.sh <pr-number>}"
DIR=".review/$N"
mkdir -p "$DIR"
gh pr view "$N" --json number,title,author,baseRefName,headRefName,additions,deletions,files,labels,body > "$DIR/meta.json"
gh pr diff "$N" > "$DIR/diff.patch"
FILES=$(jq -r '.files | length' "$DIR/meta.json")
ADD=$(jq -r '.additions' "$DIR/meta.json")
DEL=$(jq -r '.deletions' "$DIR/meta.json")
echo "PR #$N: $(jq -r .title "$DIR/meta.json")"
echo "  $FILES files, +$ADD/-$DEL"
if (( ADD + DEL > 800 )); then
  echo "  note: large PR, consider asking the author to split it"
fi
jq -r '.files[] | "  \(.path) (+\(.additions)/-\(.deletions))"' "$DIR/meta.json"
grep -nE '^\+.*(console\.log|print\(|debugger|TODO|FIXME)' "$DIR/diff.patch" | head -20 > "$DIR/smells.txt" || true
echo "  quick smells: $(wc -l < "$DIR/smells.txt") (see $DIR/smells.txt)"
