<?php
// Laravel 一键部署脚本
declare(strict_types=1);

require __DIR__ . '/src/HealthCheck.php';
require __DIR__ . '/src/RouteGuard.php';

use DeployKit\HealthCheck;
use DeployKit\RouteGuard;

$opts = getopt('', ['branch::', 'no-migrate', 'rollback', 'url::']);
$branch = $opts['branch'] ?? 'main';
$root = getcwd();
$start = microtime(true);

if (!is_file($root . '/artisan')) {
    fwrite(STDERR, "当前目录不是 Laravel 项目（找不到 artisan）\n");
    exit(1);
}

function run(string $cmd, bool $allowFail = false): string
{
    echo "\033[36m$ {$cmd}\033[0m\n";
    $out = [];
    exec($cmd . ' 2>&1', $out, $code);
    $text = implode("\n", $out);
    if ($code !== 0 && !$allowFail) {
        fwrite(STDERR, $text . "\n");
        throw new RuntimeException("命令失败（{$code}）：{$cmd}");
    }
    return $text;
}

$prev = trim(run('git rev-parse HEAD'));
file_put_contents($root . '/storage/framework/deploy.prev', $prev);

try {
    run('php artisan down --retry=15', true);

    if (isset($opts['rollback'])) {
        $target = trim((string) @file_get_contents($root . '/storage/framework/deploy.last')) ?: 'HEAD~1';
        run('git reset --hard ' . escapeshellarg($target));
    } else {
        run('git fetch --prune origin');
        run('git reset --hard ' . escapeshellarg('origin/' . $branch));
    }

    run('composer install --no-dev --optimize-autoloader --no-interaction --prefer-dist');
    if (!isset($opts['no-migrate'])) {
        run('php artisan migrate --force');
    }
    run('php artisan config:cache');
    run('php artisan route:cache');
    run('php artisan view:cache');
    run('php artisan queue:restart', true);

    // 注册探活路由（负载均衡健康检查用）
    (new RouteGuard($root))->ensureHealthRoute();
    run('php artisan route:cache', true);
} catch (Throwable $e) {
    fwrite(STDERR, "部署失败：{$e->getMessage()}，回滚到 {$prev}\n");
    run('git reset --hard ' . escapeshellarg($prev), true);
    run('php artisan up', true);
    exit(1);
} finally {
    file_put_contents($root . '/storage/framework/deploy.last', $prev);
}

run('php artisan up');

$health = new HealthCheck($root, $opts['url'] ?? null);
$status = $health->probe();
$health->report(round(microtime(true) - $start, 1), $status);

$head = trim(run('git log -1 --pretty=%h\ %s'));
printf("部署完成：%s，耗时 %.1fs，首页状态 %s\n", $head, microtime(true) - $start, $status ?: '未知');
