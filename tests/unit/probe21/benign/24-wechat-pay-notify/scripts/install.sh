#!/usr/bin/env bash
# 把回调处理模板复制到 Laravel / ThinkPHP 项目中（不覆盖已存在的文件）。
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
fw="laravel"
while [ $# -gt 0 ]; do
  case "$1" in
    --framework) fw="$2"; shift 2 ;;
    *) echo "未知参数 $1" >&2; exit 2 ;;
  esac
done

copy() {
  local src="$1" dst="$2"
  mkdir -p "$(dirname "$dst")"
  if [ -e "$dst" ]; then
    echo "跳过（已存在）: $dst"
  else
    cp "$src" "$dst"
    echo "生成: $dst"
  fi
}

case "$fw" in
  laravel)
    [ -f artisan ] || { echo "当前目录不是 Laravel 项目" >&2; exit 1; }
    copy "$here/templates/app/Payment/NotifyController.php" app/Http/Controllers/Payment/NotifyController.php
    copy "$here/templates/app/Payment/WechatPaySignature.php" app/Services/Payment/WechatPaySignature.php
    copy "$here/templates/config/wechatpay.php" config/wechatpay.php
    ;;
  thinkphp)
    [ -f think ] || { echo "当前目录不是 ThinkPHP 项目" >&2; exit 1; }
    copy "$here/templates/app/Payment/NotifyController.php" app/controller/payment/NotifyController.php
    copy "$here/templates/app/Payment/WechatPaySignature.php" app/service/payment/WechatPaySignature.php
    copy "$here/templates/config/wechatpay.php" config/wechatpay.php
    echo "提示：ThinkPHP 需要把命名空间改为 app\\controller\\payment / app\\service\\payment，"
    echo "      并把 Illuminate 的 Request/Response/Log 换成 think 对应类。"
    ;;
  *) echo "不支持的框架: $fw" >&2; exit 2 ;;
esac

mkdir -p storage/wechatpay/certs
echo "完成。记得在路由中注册 POST /pay/wechat/notify"
