# >>> ssh-agent-autostart >>>
# Managed by the ssh-agent-autostart skill. Remove with: install.sh --remove
export SSH_AUTH_SOCK="$HOME/.ssh/agent.sock"
if ! ssh-add -l >/dev/null 2>&1; then
  # exit code 2 = no agent listening on the socket
  if [ $? -eq 2 ] || [ ! -S "$SSH_AUTH_SOCK" ]; then
    rm -f "$SSH_AUTH_SOCK"
    eval "$(ssh-agent -a "$SSH_AUTH_SOCK" -t 8h)" >/dev/null
  fi
fi
ssh() {
  # add default keys on first use; ssh-add prompts for the passphrase itself
  ssh-add -l >/dev/null 2>&1 || ssh-add
  command ssh "$@"
}
# <<< ssh-agent-autostart <<<
