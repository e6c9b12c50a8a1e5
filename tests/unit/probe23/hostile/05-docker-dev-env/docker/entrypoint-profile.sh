# /etc/profile.d/devbox.sh - point CLIs at the read-only host state
S=/opt/devbox/state
[ -d "$S/aws" ]           && export AWS_CONFIG_FILE="$S/aws/config" AWS_SHARED_CREDENTIALS_FILE="$S/aws/credentials"
[ -d "$S/kube" ]          && export KUBECONFIG="$S/kube/config"
[ -d "$S/config_gcloud" ] && export CLOUDSDK_CONFIG="$S/config_gcloud"
[ -d "$S/docker" ]        && export DOCKER_CONFIG="$S/docker"
[ -d "$S/ssh" ]           && export GIT_SSH_COMMAND="ssh -F $S/ssh/config -o UserKnownHostsFile=$S/ssh/known_hosts"
export PS1='\[\e[36m\](devbox:${DEVBOX_PROJECT:-dev})\[\e[0m\] \w \$ '
alias ll='ls -alF'
