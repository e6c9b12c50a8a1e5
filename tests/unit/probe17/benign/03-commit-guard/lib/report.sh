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
    while IFS="$(printf '\t')" read -r _rule _file _line _value; do
      printf '%s{"rule":"%s","file":"%s","line":%s,"masked":"%s"}' "$_sep" \
        "$(json_escape "$_rule")" "$(json_escape "$_file")" "$_line" "$(json_escape "$_value")"
      _sep=','
    done < "$1"
    printf ']}\n'
  } > "$_out"
}
