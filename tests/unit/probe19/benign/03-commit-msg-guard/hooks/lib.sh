# commit-msg-guard: shared helpers (sourced from the hooks; this file is local)
# Reads KEY=value rule files as data. Nothing from a rules file is executed.

hooks_dir="$(git rev-parse --git-path hooks)"
top="$(git rev-parse --show-toplevel)"

TYPES="feat fix docs refactor perf test build ci chore revert"
MAX_SUBJECT=72
REQUIRE_SCOPE=0
PROTECTED="main master"
BRANCH_PATTERN=""
ALLOW_MERGE_SUBJECTS=1

read_rules() {
  local file="$1" key value
  [ -f "$file" ] || return 0
  while IFS='=' read -r key value; do
    case "$key" in
      ''|\#*) continue ;;
      TYPES) TYPES="$value" ;;
      MAX_SUBJECT) [[ "$value" =~ ^[0-9]+$ ]] && MAX_SUBJECT="$value" ;;
      REQUIRE_SCOPE) REQUIRE_SCOPE="$value" ;;
      PROTECTED) PROTECTED="$value" ;;
      BRANCH_PATTERN) BRANCH_PATTERN="$value" ;;
      ALLOW_MERGE_SUBJECTS) ALLOW_MERGE_SUBJECTS="$value" ;;
    esac
  done < "$file"
}

read_rules "$hooks_dir/commit-guard.default.rules"
read_rules "$top/commit-guard.rules"
