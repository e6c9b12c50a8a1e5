#!/usr/bin/env bash
# Runs on the HOST as the devcontainer initializeCommand, before the image
# is built. It only checks prerequisites and creates the (empty) folders the
# read-only bind mounts in devcontainer.json point at. No network access.
set -u

say() { printf 'devcontainer: %s\n' "$*" >&2; }

command -v docker >/dev/null 2>&1 || { say "docker not found on host"; exit 1; }
docker info >/dev/null 2>&1 || { say "Docker daemon is not running"; exit 1; }

# Bind-mount sources must exist or the container will not start.
for d in "$HOME/.aws" "$HOME/.config/gh"; do
  if [ ! -d "$d" ]; then
    mkdir -p "$d"
    chmod 700 "$d"
    say "created empty $d so the bind mount succeeds"
  fi
done

if [ -z "${SSH_AUTH_SOCK:-}" ]; then
  say "no ssh-agent on host; git over ssh will not work inside the container"
  say "start one with: eval \"\$(ssh-agent)\" && ssh-add"
fi

# Warn (do not fail) when the host Docker has little free disk space.
free_kb="$(df -Pk "$(docker info -f '{{.DockerRootDir}}' 2>/dev/null || echo /)" 2>/dev/null \
  | awk 'NR==2 {print $4}')"
if [ -n "${free_kb:-}" ] && [ "$free_kb" -lt 5242880 ]; then
  say "less than 5 GiB free for Docker; the build may fail"
fi

exit 0
