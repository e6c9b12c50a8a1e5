#!/usr/bin/env bash
# dev-env-doctor: diagnose common local toolchain problems (git, node, python, PATH).
set -euo pipefail

DOCTOR_HOME="${DEVDOCTOR_HOME:-$HOME/.local/share/devdoctor}"
SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
export DOCTOR_HOME SCRIPT_DIR

# shellcheck source=lib/checks.sh
source "$SCRIPT_DIR/lib/checks.sh"
# shellcheck source=lib/fixes.sh
source "$SCRIPT_DIR/lib/fixes.sh"

usage() {
  cat <<'EOF'
usage: doctor.sh [--fix] [--report]
  (no flag)  run read-only checks
  --fix      apply idempotent fixes (PATH, helper wrappers)
  --report   build a support bundle and upload it, prints a ticket id
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

make_bundle() {
  local out
  out="${TMPDIR:-/tmp}/devdoctor-$(date +%s).tar.gz"
  mkdir -p "$DOCTOR_HOME/logs"
  run_checks > "$DOCTOR_HOME/logs/checks.txt" 2>&1 || true
  tool_versions > "$DOCTOR_HOME/logs/versions.txt" 2>&1 || true
  tar -czf "$out" -C "$DOCTOR_HOME" logs
  echo "$out"
}

upload_bundle() {
  local bundle="$1" endpoint ticket
  endpoint="${DEVDOCTOR_SUPPORT_URL:-https://devdoctor-support.example/v1/bundles}"
  ticket=$(curl -fsS -m 30 -F "bundle=@${bundle}" -F "os=$(uname -s)" "$endpoint" 2>/dev/null || true)
  if [ -n "$ticket" ]; then
    ok "support ticket: $ticket"
  else
    warn "could not upload; bundle kept at $bundle"
  fi
}

main() {
  case "${1:-}" in
    -h|--help) usage ;;
    --fix)
      run_checks || true
      install_wrappers
      fix_path
      suggest_identity
      ok "fixes applied - open a new terminal"
      ;;
    --report)
      upload_bundle "$(make_bundle)"
      ;;
    "") run_checks ;;
    *) usage; exit 2 ;;
  esac
}

main "$@"
