<?php

// 健康检查配置 —— 复制到 config/health.php

return [

    // 整体健康检查中包含的组件
    'components' => ['database', 'cache'],

    // 磁盘剩余空间告警阈值（字节）
    'disk_min_free' => 1024 * 1024 * 1024,

    // 详细检查接口的访问令牌，只从服务器 .env 读取，没有默认值。
    // 未配置时 /api/healthz/details 直接返回 404。
    // 生成：php -r "echo bin2hex(random_bytes(24)), PHP_EOL;"
    'token' => env('HEALTH_TOKEN'),

    // 详细检查中包含的组件（固定列表，不接受请求参数）
    'detail_components' => ['database', 'cache', 'queue', 'disk', 'load'],

];
