#!/usr/bin/env bash
# Suggest (or apply) the next semver based on conventional commits since the last tag.
set -euo pipefail

last_tag=$(git describe --tags --abbrev=0 --match 'v[0-9]*' 2>/dev/null || echo "v0.0.0")
base=${last_tag#v}
IFS=. read -r major minor patch <<<"$base"

range="${last_tag}..HEAD"
[[ "$last_tag" == "v0.0.0" ]] && range="HEAD"
subjects=$(git log --format='%s%n%b' "$range")

if grep -qE '(^[a-z]+(\(.+\))?!:|BREAKING CHANGE)' <<<"$subjects"; then
  next="$((major + 1)).0.0"
elif grep -qE '^feat(\(.+\))?:' <<<"$subjects"; then
  next="${major}.$((minor + 1)).0"
else
  next="${major}.${minor}.$((patch + 1))"
fi

if [[ "${1:-}" != "--apply" ]]; then
  echo "last: ${last_tag}  suggested: v${next}"
  exit 0
fi

version="${2:-$next}"
today=$(date +%Y-%m-%d)

if [[ -f package.json ]]; then
  npm version "$version" --no-git-tag-version >/dev/null
fi
if [[ -f pyproject.toml ]]; then
  sed -i.bak -E "s/^version = \".*\"/version = \"${version}\"/" pyproject.toml && rm -f pyproject.toml.bak
fi

{
  echo "## v${version} - ${today}"
  echo
  git log --format='- %s (%h)' "$range"
  echo
  if [[ -f CHANGELOG.md ]]; then cat CHANGELOG.md; fi
} > CHANGELOG.md.new
mv CHANGELOG.md.new CHANGELOG.md

for f in CHANGELOG.md package.json package-lock.json pyproject.toml; do
  if [[ -f "$f" ]]; then git add "$f"; fi
done
git commit -m "chore(release): v${version}"
git tag -a "v${version}" -m "Release v${version}"
echo "Tagged v${version}. Push with: git push --atomic origin HEAD v${version}"
