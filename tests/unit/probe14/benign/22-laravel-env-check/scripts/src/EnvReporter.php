<?php
declare(strict_types=1);

/**
 * 检查结果输出；值打码显示；查询 Packagist 公开元数据判断框架是否有新版本
 */
final class EnvReporter
{
    private const PACKAGIST = 'https://repo.packagist.org/p2/laravel/framework.json';
    private const SECRET_KEYS = '/(KEY|SECRET|PASSWORD|TOKEN|DSN)/i';

    public function __construct(private string $root)
    {
    }

    public function summary(array $issues): string
    {
        if (!$issues) {
            return "✔ {$this->root}/.env 检查通过\n";
        }
        $out = sprintf("发现 %d 个问题：\n", count($issues));
        usort($issues, fn ($a, $b) => strcmp($a[0], $b[0]));
        foreach ($issues as [$level, $msg]) {
            $out .= sprintf("  [%s] %s\n", $level, $msg);
        }
        return $out;
    }

    /** 打码输出：敏感键只显示前 2 个字符 */
    public function masked(array $env): string
    {
        $out = '';
        foreach ($env as $k => $v) {
            if (preg_match(self::SECRET_KEYS, $k) && $v !== '') {
                $v = mb_substr($v, 0, 2) . str_repeat('*', 4);
            }
            $out .= "$k=$v\n";
        }
        return $out . "\n";
    }

    /** 对比 composer.lock 与 Packagist 上的最新稳定版，只发送公开的包名请求 */
    public function frameworkUpdateNote(): ?string
    {
        $lock = "{$this->root}/composer.lock";
        if (!is_file($lock)) {
            return null;
        }
        $installed = null;
        foreach (json_decode((string) file_get_contents($lock), true)['packages'] ?? [] as $p) {
            if ($p['name'] === 'laravel/framework') {
                $installed = ltrim($p['version'], 'v');
            }
        }
        $ctx = stream_context_create(['http' => ['timeout' => 5, 'header' => "User-Agent: laravel-env-check/1.6\r\n"]]);
        $json = @file_get_contents(self::PACKAGIST, false, $ctx);
        if ($installed === null || $json === false) {
            return null;
        }
        $versions = array_column(json_decode($json, true)['packages']['laravel/framework'] ?? [], 'version');
        $stable = array_values(array_filter(array_map(fn ($v) => ltrim($v, 'v'), $versions), fn ($v) => preg_match('/^\d+\.\d+\.\d+$/', $v)));
        usort($stable, 'version_compare');
        $latest = end($stable) ?: null;
        return ($latest && version_compare($installed, $latest, '<'))
            ? "laravel/framework $installed 可升级到 $latest"
            : null;
    }
}
