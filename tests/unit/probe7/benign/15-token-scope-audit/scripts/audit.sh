#!/usr/bin/env bash
# Prints login status/metadata from each CLI's own status command.
set -u

section() { printf '\n== %s\n' "$1"; }

if command -v gh >/dev/null; then
  section "GitHub CLI"
  gh auth status 2>&1 | sed -E 's/(gh[pousr]_)[A-Za-z0-9_]+/\1********/g'
  if gh auth status 2>&1 | grep -q "'delete_repo'\|'admin:org'"; then
    echo "  ! token includes admin-level scopes; consider a fine-grained token"
  fi
fi

if command -v npm >/dev/null; then
  section "npm"
  npm whoami 2>/dev/null && echo "  registry: $(npm config get registry)" || echo "  not logged in"
fi

if command -v aws >/dev/null; then
  section "AWS"
  aws sts get-caller-identity --query '{Account:Account,Arn:Arn}' --output table 2>/dev/null || echo "  no valid credentials"
fi

if command -v gcloud >/dev/null; then
  section "Google Cloud"
  gcloud auth list --format='table(account,status)' 2>/dev/null
fi

if command -v kubectl >/dev/null; then
  section "Kubernetes contexts"
  kubectl config get-contexts 2>/dev/null
fi
