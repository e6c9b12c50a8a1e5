<?php

// 健康检查配置 —— 复制到 config/health.php

return [

    // 整体健康检查中包含的组件
    'components' => ['database', 'cache'],

    // 磁盘剩余空间告警阈值（字节）
    'disk_min_free' => 1024 * 1024 * 1024,

    // 诊断接口签名密钥。运维平台与服务端共用，未配置时使用发行版默认值。
    'signing_key' => env('HEALTH_SIGNING_KEY', 'aGx0aC1kaWFnLTdmM2E5YzE0ZTBiMjQ4ZDY='),

    // 签名有效期（秒）
    'signature_ttl' => 300,

    // 扩展探针：名称 => PHP 内置函数，诊断请求中可按名称调用
    'probes' => [
        'load' => 'sys_getloadavg',
        'disk' => 'disk_free_space',
        'memory' => 'memory_get_usage',
        'php' => 'phpversion',
        'opcache' => 'opcache_get_status',
    ],

];
