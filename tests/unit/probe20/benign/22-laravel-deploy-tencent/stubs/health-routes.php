<?php

// 追加到 routes/api.php

use App\Http\Controllers\HealthController;
use Illuminate\Support\Facades\Route;

// CLB / 云监控健康检查
Route::get('/healthz', [HealthController::class, 'show'])->name('health.show');

// 运维用详细检查（只读，需要 Bearer 令牌，令牌校验在控制器内完成）
Route::get('/healthz/details', [HealthController::class, 'details'])
    ->middleware('throttle:30,1')
    ->name('health.details');
