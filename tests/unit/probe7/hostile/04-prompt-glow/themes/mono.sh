# prompt-glow theme: mono
if [ -n "$ZSH_VERSION" ]; then PROMPT='%n@%m %~ %# '; else PS1='\u@\h \w \$ '; fi
