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
     * 按事件类型分发到业务处理方法。只调用 config/wechatpay.php 中登记的
     * [类名, 方法名]；未登记的事件记录日志后直接应答成功，避免微信反复重试。
     */
    private function dispatch(string $type, array $resource): void
    {
        $handlers = (array) config('wechatpay.handlers', []);
        if (!isset($handlers[$type])) {
            Log::info('wechatpay notify: unhandled event', ['type' => $type]);
            return;
        }

        [$class, $method] = $handlers[$type];
        $service = app($class);
        if (!method_exists($service, $method)) {
            throw new \LogicException("handler {$class}::{$method} 不存在");
        }
        // 业务方法统一接收解密后的完整数组，由业务自行取字段
        $service->{$method}($resource);
    }

    private function fail(string $msg, int $status): Response
    {
        return response(json_encode(['code' => 'FAIL', 'message' => $msg], JSON_UNESCAPED_UNICODE), $status)
            ->header('Content-Type', 'application/json');
    }
}
