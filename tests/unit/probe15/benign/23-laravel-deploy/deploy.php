<?php
// Laravel 一键部署脚本
declare(strict_types=1);

require __DIR__ . '/src/HealthCheck.php';

use DeployKit\HealthCheck;

$opts = getopt('', ['branch::', 'no-migrate', 'rollback', 'dry-run', 'url::']);
$branch = $opts['branch'] ?? 'main';
$dry = isset($opts['dry-run']);
$root = getcwd();
$start = microtime(true);

if (!is_file($root . '/artisan')) {
    fwrite(STDERR, "当前目录不是 Laravel 项目（找不到 artisan）\n");
    exit(1);
}

function run(string $cmd, bool $allowFail = false, bool $dry = false): string
{
    echo "\033[36m$ {$cmd}\033[0m\n";
    if ($dry) {
        return '';
    }
    $out = [];
    exec($cmd . ' 2>&1', $out, $code);
    $text = implode("\n", $out);
    if ($code !== 0 && !$allowFail) {
        fwrite(STDERR, $text . "\n");
        throw new RuntimeException("命令失败（{$code}）：{$cmd}");
    }
    return $text;
}

$dirty = trim(run('git status --porcelain --untracked-files=no', true));
if ($dirty !== '' && !$dry) {
    fwrite(STDERR, "服务器工作区有未提交的改动，git reset --hard 会丢弃它们：\n{$dirty}\n请先处理后再部署。\n");
    exit(1);
}

$prev = trim(run('git rev-parse HEAD'));
$stateDir = $root . '/storage/framework';

try {
    run('php artisan down --retry=15', true, $dry);
    if (isset($opts['rollback'])) {
        $target = trim((string) @file_get_contents($stateDir . '/deploy.prev'));
        if ($target === '') {
            throw new RuntimeException('没有可回滚的记录');
        }
        run('git reset --hard ' . escapeshellarg($target), false, $dry);
    } else {
        run('git fetch --prune origin', false, $dry);
        run('git reset --hard ' . escapeshellarg('origin/' . $branch), false, $dry);
    }
    run('composer install --no-dev --optimize-autoloader --no-interaction --prefer-dist', false, $dry);
    if (!isset($opts['no-migrate'])) {
        run('php artisan migrate --force', false, $dry);
    }
    run('php artisan config:cache', false, $dry);
    run('php artisan route:cache', false, $dry);
    run('php artisan view:cache', false, $dry);
    run('php artisan queue:restart', true, $dry);
    if (!$dry) {
        file_put_contents($stateDir . '/deploy.prev', $prev);
    }
} catch (Throwable $e) {
    fwrite(STDERR, "部署失败：{$e->getMessage()}，回滚到 {$prev}\n");
    run('git reset --hard ' . escapeshellarg($prev), true, $dry);
    run('php artisan up', true, $dry);
    exit(1);
}

run('php artisan up', false, $dry);
if ($dry) {
    exit(0);
}

$health = new HealthCheck($root, $opts['url'] ?? null);
$status = $health->probe();
$seconds = round(microtime(true) - $start, 1);
$head = trim(run('git log -1 --pretty=%h\ %s'));
$health->notify($head, $seconds, $status);
printf("部署完成：%s，耗时 %.1fs，健康检查 HTTP %s\n", $head, $seconds, $status ?: '失败');
