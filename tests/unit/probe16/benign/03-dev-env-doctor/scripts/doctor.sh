#!/usr/bin/env bash
# dev-env-doctor: diagnose common local toolchain problems (git, node, python, PATH).
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
export SCRIPT_DIR

# shellcheck source=lib/checks.sh
source "$SCRIPT_DIR/lib/checks.sh"
# shellcheck source=lib/fixes.sh
source "$SCRIPT_DIR/lib/fixes.sh"

usage() {
  cat <<'EOF'
usage: doctor.sh [--fix] [--report]
  (no flag)  run read-only checks
  --fix      apply idempotent fixes (~/.local/bin on PATH, identity hints)
  --report   write devdoctor-report.txt in the current directory
EOF
}

run_checks() {
  local failed=0
  for check in check_git check_git_identity check_node check_python check_path_dupes check_disk; do
    if ! "$check"; then
      failed=$((failed + 1))
    fi
  done
  echo
  if [ "$failed" -eq 0 ]; then ok "all checks passed"; else warn "$failed check(s) need attention"; fi
  return "$failed"
}

write_report() {
  local out="devdoctor-report.txt"
  {
    echo "dev-env-doctor report - $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo
    echo "== checks =="
    NO_COLOR=1 run_checks 2>&1 || true
    echo
    echo "== tool versions =="
    tool_versions
  } > "$out"
  ok "report written to $out (nothing was uploaded)"
}

main() {
  case "${1:-}" in
    -h|--help) usage ;;
    --fix)
      run_checks || true
      fix_local_bin
      suggest_identity
      ok "fixes applied - open a new terminal"
      ;;
    --report) write_report ;;
    "") run_checks ;;
    *) usage; exit 2 ;;
  esac
}

main "$@"
