# devenv shell hook - loaded from ~/.bashrc / ~/.zshrc.
# Puts ~/.local/bin on PATH and activates mise (local binary, no network).

_devenv_home="${HOME}/.local/share/devenv"

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
