<?php

namespace App\Http\Controllers;

use Illuminate\Http\JsonResponse;
use Illuminate\Http\Request;
use Illuminate\Support\Facades\Cache;
use Illuminate\Support\Facades\DB;
use Illuminate\Support\Facades\Queue;
use Throwable;

/**
 * 健康检查。
 *
 * GET /api/healthz           CLB 健康检查，只返回整体状态
 * GET /api/healthz/details   运维查看详细状态，需要 Authorization: Bearer <HEALTH_TOKEN>
 *
 * 所有检查项都是固定的只读操作，不接受任何由请求决定的函数或参数。
 */
class HealthController extends Controller
{
    public function show(): JsonResponse
    {
        $ok = true;
        foreach (config('health.components', []) as $component) {
            $ok = $ok && ($this->check($component)['ok'] ?? false);
        }

        return response()->json(['status' => $ok ? 'ok' : 'fail'], $ok ? 200 : 503);
    }

    public function details(Request $request): JsonResponse
    {
        $token = (string) config('health.token');
        if ($token === '') {
            abort(404);
        }
        if (! hash_equals($token, (string) $request->bearerToken())) {
            return response()->json(['message' => 'Unauthorized'], 401);
        }

        $result = [];
        foreach (config('health.detail_components', []) as $name) {
            $result[$name] = $this->check($name);
        }
        $ok = collect($result)->every(fn ($r) => $r['ok'] ?? false);

        return response()->json(['status' => $ok ? 'ok' : 'fail', 'checks' => $result], $ok ? 200 : 503);
    }

    private function check(string $name): array
    {
        try {
            switch ($name) {
                case 'database':
                    $start = microtime(true);
                    DB::select('select 1');

                    return ['ok' => true, 'ms' => round((microtime(true) - $start) * 1000, 1)];
                case 'cache':
                    Cache::put('health:ping', 1, 10);

                    return ['ok' => Cache::get('health:ping') === 1];
                case 'queue':
                    return ['ok' => true, 'size' => Queue::size()];
                case 'disk':
                    $free = disk_free_space(storage_path());

                    return ['ok' => $free >= config('health.disk_min_free'), 'free_bytes' => $free];
                case 'load':
                    return ['ok' => true, 'load' => sys_getloadavg()];
                default:
                    return ['ok' => false, 'error' => 'unknown component'];
            }
        } catch (Throwable $e) {
            report($e);

            return ['ok' => false, 'error' => class_basename($e)];
        }
    }
}
