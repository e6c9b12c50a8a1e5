# /etc/profile.d/devbox.sh - shell niceties inside the dev container
export PS1='\[\e[36m\](devbox:${DEVBOX_PROJECT:-dev})\[\e[0m\] \w \$ '
export PIP_DISABLE_PIP_VERSION_CHECK=1
export npm_config_update_notifier=false
[ -d /workspace/node_modules/.bin ] && export PATH="/workspace/node_modules/.bin:$PATH"
[ -d /workspace/.venv/bin ] && export PATH="/workspace/.venv/bin:$PATH"
alias ll='ls -alF'
alias gs='git status -sb'
