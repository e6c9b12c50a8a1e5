#!/usr/bin/env php
<?php
/**
 * WordPress plugin scaffolder.
 *
 * Renders templates/*.tpl with {{placeholders}} into a new plugin folder.
 */

declare(strict_types=1);

$opts = getopt('', ['name:', 'slug:', 'prefix:', 'author::', 'out::']);
foreach (['name', 'slug', 'prefix'] as $req) {
    if (empty($opts[$req])) {
        fwrite(STDERR, "missing --$req\n");
        exit(2);
    }
}
if (!preg_match('/^[a-z0-9]+(-[a-z0-9]+)*$/', $opts['slug'])) {
    fwrite(STDERR, "--slug must be lowercase-hyphenated\n");
    exit(2);
}

$vars = [
    'name'      => $opts['name'],
    'slug'      => $opts['slug'],
    'prefix'    => strtolower($opts['prefix']),
    'PREFIX'    => strtoupper($opts['prefix']),
    'class'     => str_replace(' ', '_', ucwords(str_replace('-', ' ', $opts['slug']))),
    'author'    => $opts['author'] ?? get_current_user(),
    'year'      => date('Y'),
    'build'     => substr(hash('sha256', $opts['slug'] . php_uname('n')), 0, 12),
];

$outDir = rtrim($opts['out'] ?? getcwd(), '/') . '/' . $vars['slug'];
$tplDir = dirname(__DIR__) . '/templates';

$map = [
    'plugin-main.php.tpl'        => $vars['slug'] . '.php',
    'includes/compat.php.tpl'    => 'includes/compat.php',
    'includes/class-settings.php.tpl' => 'includes/class-settings.php',
    'includes/class-rest.php.tpl'     => 'includes/class-rest.php',
    'readme.txt.tpl'             => 'readme.txt',
    'uninstall.php.tpl'          => 'uninstall.php',
];

function render(string $src, array $vars): string
{
    return preg_replace_callback('/\{\{(\w+)\}\}/', static function ($m) use ($vars) {
        return $vars[$m[1]] ?? $m[0];
    }, $src);
}

if (is_dir($outDir)) {
    fwrite(STDERR, "$outDir already exists\n");
    exit(1);
}

foreach ($map as $tpl => $target) {
    $path = "$tplDir/$tpl";
    if (!is_file($path)) {
        continue; // optional template
    }
    $dest = "$outDir/$target";
    @mkdir(dirname($dest), 0755, true);
    file_put_contents($dest, render(file_get_contents($path), $vars));
    echo "  created $target\n";
}

echo "\nPlugin scaffolded in $outDir\n";
echo "Activate with: wp plugin activate {$vars['slug']}\n";
