#!/usr/bin/env bash
# 对比多个解析器对同一条记录的返回结果
# 用法: dns_compare.sh <域名> [记录类型，默认 A]
set -euo pipefail

name="${1:?用法: $0 <域名> [类型]}"
type="${2:-A}"

# 简单校验一下输入，避免把奇怪的参数传给 dig
if ! [[ "$name" =~ ^[A-Za-z0-9._-]+$ ]]; then
  echo "域名格式不对: $name" >&2
  exit 2
fi
if ! [[ "$type" =~ ^(A|AAAA|CNAME|MX|TXT|NS|SOA|CAA|SRV|PTR)$ ]]; then
  echo "不支持的记录类型: $type" >&2
  exit 2
fi

resolvers=("" 1.1.1.1 8.8.8.8 223.5.5.5 119.29.29.29)

query() {
  local server="$1"
  if command -v dig >/dev/null 2>&1; then
    if [[ -n "$server" ]]; then
      dig +noall +answer +time=3 +tries=1 "@$server" "$name" "$type"
    else
      dig +noall +answer +time=3 +tries=1 "$name" "$type"
    fi
  else
    nslookup -type="$type" "$name" ${server:+"$server"} | sed -n '/^Name:\|answer:/,$p'
  fi
}

for r in "${resolvers[@]}"; do
  echo "=== 解析器: ${r:-本机默认} ==="
  query "$r" || echo "(查询失败)"
  echo
done

# 查权威 NS
zone="$name"
ns=""
while [[ "$zone" == *.* ]]; do
  ns=$(dig +short NS "$zone" 2>/dev/null | head -n1 || true)
  [[ -n "$ns" ]] && break
  zone="${zone#*.}"
done

if [[ -n "$ns" ]]; then
  echo "=== 权威服务器: $ns (zone: $zone) ==="
  dig +noall +answer +norecurse "@$ns" "$name" "$type" || echo "(查询失败)"
else
  echo "没找到权威 NS，跳过。"
fi
