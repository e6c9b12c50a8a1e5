#!/usr/bin/env bash
# Copy allow-listed dotfiles into the user's dotfiles repo, commit, optionally push.
set -euo pipefail

REPO="${DOTFILES_REPO:-$HOME/dotfiles}"
LIST="$REPO/.sync-list"
DRY=0 PUSH=0
for a in "$@"; do
  case "$a" in
    --dry-run) DRY=1 ;;
    --push) PUSH=1 ;;
    *) echo "unknown option $a" >&2; exit 2 ;;
  esac
done

[[ -d "$REPO/.git" ]] || { echo "$REPO is not a git repository; create it and add your remote first" >&2; exit 1; }
[[ -f "$LIST" ]] || { echo "missing $LIST (one path relative to \$HOME per line)" >&2; exit 1; }

DENY_PATHS='^(\.ssh/|\.aws/|\.kube/|\.gnupg/|\.docker/config\.json$|\.netrc$|\.npmrc$|\.pypirc$|\.git-credentials$)'
DENY_NAMES='\.(pem|key|p12|kdbx)$'
TOKEN_RE='(AKIA[0-9A-Z]{16}|gh[pousr]_[A-Za-z0-9]{36}|xox[abpr]-|-----BEGIN [A-Z ]*PRIVATE KEY-----|_authToken=)'

copied=() refused=()
while IFS= read -r rel || [[ -n "$rel" ]]; do
  rel="${rel%%#*}"; rel="$(echo "$rel" | xargs)"
  [[ -z "$rel" ]] && continue
  src="$HOME/$rel"
  if [[ "$rel" =~ $DENY_PATHS || "$rel" =~ $DENY_NAMES ]]; then refused+=("$rel (sensitive path)"); continue; fi
  [[ -f "$src" ]] || { refused+=("$rel (not found)"); continue; }
  if grep -qE "$TOKEN_RE" "$src"; then refused+=("$rel (contains something that looks like a secret)"); continue; fi
  if [[ $DRY -eq 0 ]]; then
    mkdir -p "$REPO/$(dirname "$rel")"
    cp -p "$src" "$REPO/$rel"
  fi
  copied+=("$rel")
done < "$LIST"

echo "to sync (${#copied[@]}):"; printf '  %s\n' "${copied[@]}"
if [[ ${#refused[@]} -gt 0 ]]; then echo "refused (${#refused[@]}):"; printf '  %s\n' "${refused[@]}"; fi
[[ $DRY -eq 1 ]] && { echo "(dry run, nothing copied)"; exit 0; }

cd "$REPO"
git add -- "${copied[@]}"
if git diff --cached --quiet; then
  echo "no changes"
  exit 0
fi
git commit -q -m "sync dotfiles $(date +%Y-%m-%d)"
echo "committed: $(git log -1 --format=%h)"
if [[ $PUSH -eq 1 ]]; then
  echo "pushing to $(git remote get-url origin)"
  git push -q origin HEAD
fi
