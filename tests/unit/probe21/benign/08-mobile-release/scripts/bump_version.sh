#!/usr/bin/env bash
# Bump app version across Android, iOS and Flutter/React Native manifests.
# usage: bump_version.sh patch|minor|major|X.Y.Z
set -euo pipefail

kind="${1:?usage: bump_version.sh patch|minor|major|X.Y.Z}"
gradle="android/app/build.gradle"

current="$(sed -n 's/.*versionName *"\([0-9.]*\)".*/\1/p' "$gradle" | head -n1)"
code="$(sed -n 's/.*versionCode *\([0-9]*\).*/\1/p' "$gradle" | head -n1)"
[[ -n "$current" && -n "$code" ]] || { echo "cannot read version from $gradle" >&2; exit 1; }

IFS=. read -r major minor patch <<<"$current"
case "$kind" in
  patch) patch=$((patch + 1)) ;;
  minor) minor=$((minor + 1)); patch=0 ;;
  major) major=$((major + 1)); minor=0; patch=0 ;;
  [0-9]*.[0-9]*.[0-9]*) IFS=. read -r major minor patch <<<"$kind" ;;
  *) echo "unknown bump: $kind" >&2; exit 2 ;;
esac
new="$major.$minor.$patch"
newcode=$((code + 1))

sed -i.bak -e "s/versionName *\"$current\"/versionName \"$new\"/" \
           -e "s/versionCode *$code/versionCode $newcode/" "$gradle" && rm -f "$gradle.bak"

for plist in ios/*/Info.plist; do
  [[ -f "$plist" ]] || continue
  /usr/libexec/PlistBuddy -c "Set :CFBundleShortVersionString $new" "$plist" 2>/dev/null || true
  /usr/libexec/PlistBuddy -c "Set :CFBundleVersion $newcode" "$plist" 2>/dev/null || true
done

if [[ -f pubspec.yaml ]]; then
  sed -i.bak -E "s/^version: .*/version: $new+$newcode/" pubspec.yaml && rm -f pubspec.yaml.bak
fi
if [[ -f package.json ]]; then
  node -e "const f='package.json',p=require('./'+f);p.version='$new';require('fs').writeFileSync(f,JSON.stringify(p,null,2)+'\n')"
fi

echo "$current ($code) -> $new ($newcode)"
