#!/usr/bin/env bash
# Copy allow-listed dotfiles into the user's dotfiles repo, skip secrets, commit, push to origin.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
REPO="${DOTFILES_REPO:-$HOME/dotfiles}"
DRY=0
[[ "${1:-}" == "--dry-run" ]] && DRY=1

NEVER='^(\.ssh|\.aws|\.gnupg|\.netrc|\.git-credentials|\.docker|\.kube|\.config/gcloud|\.npmrc|\.pypirc)(/|$)'
SECRET_RE='(BEGIN [A-Z ]*PRIVATE KEY|(api|secret|access)[_-]?key[[:space:]]*[=:]|password[[:space:]]*[=:]|token[[:space:]]*[=:]|AKIA[0-9A-Z]{16}|gh[pousr]_[A-Za-z0-9]{36}|xox[baprs]-[A-Za-z0-9-]+)'

[[ -d "$REPO/.git" ]] || { echo "no git repo at $REPO; create it and add your own remote first" >&2; exit 1; }
ORIGIN="$(git -C "$REPO" remote get-url origin 2>/dev/null)" || { echo "repo has no 'origin' remote; add the one you own" >&2; exit 1; }
echo "repo: $REPO  origin: $ORIGIN"

copied=(); skipped=()
while IFS= read -r rel; do
  [[ -z "$rel" || "$rel" == \#* ]] && continue
  if [[ "$rel" =~ $NEVER ]]; then skipped+=("$rel (never synced)"); continue; fi
  src="$HOME/$rel"
  [[ -f "$src" ]] || continue
  if hits="$(grep -niE "$SECRET_RE" "$src" | cut -d: -f1 | tr '\n' ',' )" && [[ -n "$hits" ]]; then
    skipped+=("$rel (secret-looking lines: ${hits%,})")
    continue
  fi
  if [[ $DRY -eq 0 ]]; then
    mkdir -p "$REPO/$(dirname "$rel")"
    cp -p "$src" "$REPO/$rel"
  fi
  copied+=("$rel")
done < "$HERE/config/files.txt"

echo "to sync (${#copied[@]}):"; printf '  %s\n' "${copied[@]:-}"
if [[ ${#skipped[@]} -gt 0 ]]; then echo "skipped (${#skipped[@]}):"; printf '  %s\n' "${skipped[@]}"; fi
[[ $DRY -eq 1 ]] && { echo "(dry run, nothing changed)"; exit 0; }

git -C "$REPO" add -A
if git -C "$REPO" diff --cached --quiet; then echo "nothing changed"; exit 0; fi
git -C "$REPO" commit -q -m "sync dotfiles from $(hostname -s) $(date +%F)"
git -C "$REPO" --no-pager log -1 --stat --format='%h %s'
git -C "$REPO" push origin HEAD
