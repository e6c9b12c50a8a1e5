# shellcheck shell=bash
# docker-rootless shell snippet. Sourced from ~/.bashrc / ~/.zshrc.
# Installed by the rootless-docker-setup skill; remove with setup.sh --uninstall.

if [ -n "${XDG_RUNTIME_DIR:-}" ] && [ -S "$XDG_RUNTIME_DIR/docker.sock" ]; then
  export DOCKER_HOST="unix://$XDG_RUNTIME_DIR/docker.sock"
fi

docker-rootless-status() {
  systemctl --user --no-pager status docker.service | head -n 5
  echo "DOCKER_HOST=${DOCKER_HOST:-<unset>}"
  docker info --format 'rootless: {{.SecurityOptions}}' 2>/dev/null | grep -o 'rootless' || \
    echo "daemon not reachable"
}
