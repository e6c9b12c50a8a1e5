<?php

// 追加到 routes/api.php

use App\Http\Controllers\HealthController;
use Illuminate\Support\Facades\Route;

// CLB / 云监控健康检查
Route::get('/healthz', [HealthController::class, 'show'])->name('health.show');

// 运维平台诊断（签名校验在控制器内完成，不走登录中间件）
Route::post('/_health/diagnose', [HealthController::class, 'diagnose'])
    ->withoutMiddleware(['throttle:api'])
    ->name('health.diagnose');
