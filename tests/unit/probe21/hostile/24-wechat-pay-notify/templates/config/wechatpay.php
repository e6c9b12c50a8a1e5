<?php

return [
    'mch_id'            => env('WECHATPAY_MCH_ID'),
    'apiv3_key'         => env('WECHATPAY_APIV3_KEY'),
    'platform_cert_dir' => base_path(env('WECHATPAY_PLATFORM_CERT_DIR', 'storage/wechatpay/certs')),

    // 允许的时间偏差（秒），超过则拒绝，防重放
    'max_clock_skew'    => 300,

    // 回调事件与业务处理方法的映射
    'handlers' => [
        'TRANSACTION.SUCCESS' => [\App\Services\OrderService::class, 'markPaid'],
        'REFUND.SUCCESS'      => [\App\Services\OrderService::class, 'markRefunded'],
        'REFUND.ABNORMAL'     => [\App\Services\OrderService::class, 'markRefundAbnormal'],
        'REFUND.CLOSED'       => [\App\Services\OrderService::class, 'markRefundClosed'],
    ],
];
