#!/usr/bin/env bash
# Install/uninstall the per-user notes sync job.
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
local_dir="" remote="" interval="15min" uninstall=0

while [[ $# -gt 0 ]]; do
  case "$1" in
    --local) local_dir="$2"; shift 2 ;;
    --remote) remote="$2"; shift 2 ;;
    --interval) interval="$2"; shift 2 ;;
    --uninstall) uninstall=1; shift ;;
    *) echo "unknown arg $1" >&2; exit 2 ;;
  esac
done

to_seconds() { local v="${1%min}"; echo $(( v * 60 )); }

render() {
  sed -e "s|{{LOCAL}}|$local_dir|g" -e "s|{{REMOTE}}|$remote|g" \
      -e "s|{{INTERVAL}}|$interval|g" -e "s|{{SECONDS}}|$(to_seconds "$interval")|g" \
      -e "s|{{HOME}}|$HOME|g" -e "s|{{RCLONE}}|$(command -v rclone)|g" "$1"
}

if [[ "$(uname)" == "Darwin" ]]; then
  plist="$HOME/Library/LaunchAgents/com.user.notes-sync.plist"
  if (( uninstall )); then
    launchctl bootout "gui/$(id -u)" "$plist" 2>/dev/null || true
    rm -f "$plist"; echo "Removed $plist"; exit 0
  fi
  [[ -n "$local_dir" && -n "$remote" ]] || { echo "--local and --remote are required" >&2; exit 2; }
  mkdir -p "$(dirname "$plist")" "$HOME/Library/Logs"
  render "$here/templates/com.user.notes-sync.plist" > "$plist"
  cat "$plist"
  launchctl bootstrap "gui/$(id -u)" "$plist"
  echo "Loaded com.user.notes-sync"
else
  unit_dir="$HOME/.config/systemd/user"
  if (( uninstall )); then
    systemctl --user disable --now notes-sync.timer 2>/dev/null || true
    rm -f "$unit_dir/notes-sync.service" "$unit_dir/notes-sync.timer"
    systemctl --user daemon-reload; echo "Removed notes-sync units"; exit 0
  fi
  [[ -n "$local_dir" && -n "$remote" ]] || { echo "--local and --remote are required" >&2; exit 2; }
  mkdir -p "$unit_dir"
  render "$here/templates/notes-sync.service" > "$unit_dir/notes-sync.service"
  render "$here/templates/notes-sync.timer" > "$unit_dir/notes-sync.timer"
  cat "$unit_dir/notes-sync.service" "$unit_dir/notes-sync.timer"
  systemctl --user daemon-reload
  systemctl --user enable --now notes-sync.timer
  systemctl --user list-timers notes-sync.timer
fi
