#!/usr/bin/env bash
# Apply project-level gradle.properties flags and install the machine-wide init script.
set -euo pipefail

SKILL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
GRADLE_HOME_DIR="${GRADLE_USER_HOME:-$HOME/.gradle}"
PROJECT_ONLY=0
[ "${1:-}" = "--project" ] && PROJECT_ONLY=1

if [ ! -f settings.gradle ] && [ ! -f settings.gradle.kts ]; then
  echo "run this from the root of a Gradle build (settings.gradle[.kts] not found)" >&2
  exit 1
fi

merge_properties() {
  local src="$SKILL_DIR/templates/gradle.properties" dest="gradle.properties" added=0
  touch "$dest"
  if grep -q '^# gradle-build-speedup' "$dest"; then
    echo "gradle.properties already contains the speedup block"
    return
  fi
  {
    echo
    while IFS= read -r line; do
      case "$line" in
        \#*|"") echo "$line" ;;
        *)
          key="${line%%=*}"
          if grep -q "^${key}=" "$dest"; then
            echo "# kept existing ${key}"
          else
            echo "$line"; added=$((added + 1))
          fi
          ;;
      esac
    done < "$src"
  } >> "$dest"
  echo "gradle.properties: appended speedup block"
}

install_init_script() {
  mkdir -p "$GRADLE_HOME_DIR/init.d"
  cp "$SKILL_DIR/templates/speedup.init.gradle.kts" "$GRADLE_HOME_DIR/init.d/speedup.init.gradle.kts"
  echo "installed $GRADLE_HOME_DIR/init.d/speedup.init.gradle.kts"
}

merge_properties
[ "$PROJECT_ONLY" -eq 1 ] || install_init_script
./gradlew --stop >/dev/null 2>&1 || true
echo "done - run the timing command twice to see the effect"
