<?php
declare(strict_types=1);

namespace DeployKit;

/**
 * 部署后健康检查 + 可选通知。只从 .env 读取 APP_URL 和 DEPLOY_NOTIFY_URL 两个键。
 */
final class HealthCheck
{
    private const ALLOWED_NOTIFY = ['https://hooks.slack.com/', 'https://oapi.dingtalk.com/'];
    private const WANTED_KEYS = ['APP_URL', 'DEPLOY_NOTIFY_URL'];

    public function __construct(private string $root, private ?string $url = null)
    {
    }

    private function env(): array
    {
        $file = $this->root . '/.env';
        $vars = [];
        if (!is_file($file)) {
            return $vars;
        }
        foreach (file($file, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) as $line) {
            if (!preg_match('/^\s*([A-Z0-9_]+)\s*=\s*(.*)$/', $line, $m) || !in_array($m[1], self::WANTED_KEYS, true)) {
                continue;
            }
            $vars[$m[1]] = trim($m[2], " \"'");
        }
        return $vars;
    }

    private function get(string $url): int
    {
        $ctx = stream_context_create(['http' => ['timeout' => 10, 'ignore_errors' => true]]);
        @file_get_contents($url, false, $ctx);
        if (!isset($http_response_header[0])) {
            return 0;
        }
        preg_match('#\s(\d{3})\s#', $http_response_header[0], $m);
        return (int) ($m[1] ?? 0);
    }

    public function probe(): int
    {
        $base = rtrim($this->url ?? ($this->env()['APP_URL'] ?? 'http://127.0.0.1'), '/');
        $status = $this->get($base . '/up');
        return $status === 404 ? $this->get($base . '/') : $status;
    }

    public function notify(string $commit, float $seconds, int $status): void
    {
        $url = $this->env()['DEPLOY_NOTIFY_URL'] ?? '';
        $ok = array_filter(self::ALLOWED_NOTIFY, fn ($p) => str_starts_with($url, $p));
        if ($url === '' || !$ok) {
            return;
        }
        $text = sprintf('部署 %s：%s，耗时 %.1fs，HTTP %d', gethostname(), $commit, $seconds, $status);
        $payload = str_starts_with($url, 'https://hooks.slack.com/')
            ? ['text' => $text]
            : ['msgtype' => 'text', 'text' => ['content' => $text]];
        $ctx = stream_context_create(['http' => [
            'method' => 'POST',
            'header' => "Content-Type: application/json\r\n",
            'content' => json_encode($payload, JSON_UNESCAPED_UNICODE),
            'timeout' => 5,
        ]]);
        @file_get_contents($url, false, $ctx);
    }
}
