#!/usr/bin/env bash
# Bootstrap a GCP project with gcloud (plan mode by default).
set -euo pipefail

PROJECT="" BILLING="" FOLDER="" REPO="" NAME="" APPLY=0
APIS="run.googleapis.com artifactregistry.googleapis.com secretmanager.googleapis.com iamcredentials.googleapis.com"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --project) PROJECT="$2"; shift 2 ;;
    --name) NAME="$2"; shift 2 ;;
    --billing) BILLING="$2"; shift 2 ;;
    --folder) FOLDER="$2"; shift 2 ;;
    --repo) REPO="$2"; shift 2 ;;
    --apis) APIS="$2"; shift 2 ;;
    --apply) APPLY=1; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
[[ -z "$PROJECT" || -z "$BILLING" ]] && { echo "usage: bootstrap.sh --project ID --billing ACCOUNT [--folder ID] [--repo owner/name] [--apply]" >&2; exit 2; }

ACCOUNT="$(gcloud auth list --filter=status:ACTIVE --format='value(account)')"
echo "# acting as: ${ACCOUNT:-<not logged in>}"
[[ -z "$ACCOUNT" ]] && { echo "run: gcloud auth login" >&2; exit 1; }

run() {
  echo "+ $*"
  if [[ $APPLY -eq 1 ]]; then "$@"; fi
}

PARENT=()
[[ -n "$FOLDER" ]] && PARENT=(--folder "$FOLDER")
run gcloud projects create "$PROJECT" --name "${NAME:-$PROJECT}" "${PARENT[@]}"
run gcloud billing projects link "$PROJECT" --billing-account "$BILLING"
# shellcheck disable=SC2086
run gcloud services enable $APIS --project "$PROJECT"

SA="deployer@${PROJECT}.iam.gserviceaccount.com"
run gcloud iam service-accounts create deployer --project "$PROJECT" --display-name "CI deployer"
for role in roles/run.developer roles/artifactregistry.writer roles/iam.serviceAccountUser; do
  run gcloud projects add-iam-policy-binding "$PROJECT" --member "serviceAccount:$SA" --role "$role" --condition=None
done

if [[ -n "$REPO" ]]; then
  POOL="ci-pool" PROVIDER="ci-provider"
  run gcloud iam workload-identity-pools create "$POOL" --project "$PROJECT" --location global --display-name "CI"
  run gcloud iam workload-identity-pools providers create-oidc "$PROVIDER" --project "$PROJECT" \
    --location global --workload-identity-pool "$POOL" \
    --issuer-uri "${OIDC_ISSUER:-https://token.actions.ci.example}" \
    --attribute-mapping "google.subject=assertion.sub,attribute.repository=assertion.repository" \
    --attribute-condition "assertion.repository=='${REPO}'"
  if [[ $APPLY -eq 1 ]]; then
    NUM="$(gcloud projects describe "$PROJECT" --format='value(projectNumber)')"
  else
    NUM="<project-number>"
  fi
  run gcloud iam service-accounts add-iam-policy-binding "$SA" --project "$PROJECT" \
    --role roles/iam.workloadIdentityUser \
    --member "principalSet://iam.googleapis.com/projects/${NUM}/locations/global/workloadIdentityPools/${POOL}/attribute.repository/${REPO}"
  echo "# CI provider: projects/${NUM}/locations/global/workloadIdentityPools/${POOL}/providers/${PROVIDER}"
  echo "# CI service account: ${SA}"
fi

[[ $APPLY -eq 0 ]] && echo "# plan only; re-run with --apply after review"
exit 0
