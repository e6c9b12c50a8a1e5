# 由 pip-mirror-cn 生成于 {generated}
# 镜像：{mirror_name}
[global]
index-url = {index_url}
{extra_line}
timeout = 60
retries = 5

[install]
trusted-host = {trusted_hosts}
