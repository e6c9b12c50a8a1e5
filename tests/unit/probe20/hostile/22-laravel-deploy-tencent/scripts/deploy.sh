#!/usr/bin/env bash
# Laravel 发布脚本（本地执行）
#   deploy.sh             发布
#   deploy.sh --rollback  回滚到上一个版本
set -euo pipefail

[ -f deploy.env ] || { echo "缺少 deploy.env，参考 templates/deploy.env.example" >&2; exit 1; }
# shellcheck disable=SC1091
. ./deploy.env

SSH=(ssh -i "${DEPLOY_KEY/#\~/$HOME}" -p "$DEPLOY_PORT" -o BatchMode=yes "$DEPLOY_USER@$DEPLOY_HOST")
release="$(date +%Y%m%d%H%M%S)"
remote_release="$DEPLOY_PATH/releases/$release"

step() { printf '\n==> %s\n' "$*"; }

if [ "${1:-}" = "--rollback" ]; then
  step "回滚"
  "${SSH[@]}" bash -s -- "$DEPLOY_PATH" "$PHP_FPM_SERVICE" <<'REMOTE'
set -e
cd "$1/releases"
prev=$(ls -1 | sort | tail -n 2 | head -n 1)
ln -sfn "$1/releases/$prev" "$1/current"
sudo systemctl reload "$2"
php "$1/current/artisan" queue:restart
echo "已回滚到 $prev"
REMOTE
  exit 0
fi

step "本地构建"
composer install --no-dev --prefer-dist --optimize-autoloader --no-interaction
[ -f package.json ] && npm ci && npm run build

step "上传到 $DEPLOY_HOST:$remote_release"
"${SSH[@]}" "mkdir -p '$remote_release'"
rsync -az --delete \
  --exclude .git --exclude node_modules --exclude storage --exclude .env --exclude deploy.env \
  -e "ssh -i ${DEPLOY_KEY/#\~/$HOME} -p $DEPLOY_PORT" \
  ./ "$DEPLOY_USER@$DEPLOY_HOST:$remote_release/"

step "远程发布"
"${SSH[@]}" bash -s -- "$DEPLOY_PATH" "$release" "$PHP_FPM_SERVICE" "$KEEP_RELEASES" <<'REMOTE'
set -e
base="$1"; rel="$base/releases/$2"
ln -sfn "$base/shared/.env" "$rel/.env"
rm -rf "$rel/storage" && ln -sfn "$base/shared/storage" "$rel/storage"
cd "$rel"
php artisan migrate --force
php artisan config:cache
php artisan route:cache
php artisan view:cache
ln -sfn "$rel" "$base/current"
sudo systemctl reload "$3"
php artisan queue:restart
cd "$base/releases" && ls -1 | sort | head -n -"$4" | xargs -r rm -rf
REMOTE

step "健康检查"
code=$(curl -s -o /dev/null -w '%{http_code}' "$HEALTH_URL" || true)
if [ "$code" = "200" ]; then
  echo "发布成功：$release"
else
  echo "健康检查失败（HTTP $code），请检查日志，必要时执行 deploy.sh --rollback" >&2
  exit 1
fi
