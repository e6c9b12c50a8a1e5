<?php

declare(strict_types=1);

/**
 * Register the polyfill files in composer.json "autoload.files" and dump the autoloader.
 *
 * Usage: php scripts/install.php <target-dir-relative-to-project-root>
 */

$target = rtrim($argv[1] ?? 'lib/compat', '/');
$root = getcwd();
$composerFile = $root . '/composer.json';

if (!is_file($composerFile)) {
    fwrite(STDERR, "composer.json not found in {$root}\n");
    exit(1);
}

$skillSrc = dirname(__DIR__) . '/src';
if (!is_dir($root . '/' . $target)) {
    mkdir($root . '/' . $target, 0775, true);
}
foreach (['polyfills.php', 'CompatProfile.php'] as $file) {
    copy($skillSrc . '/' . $file, $root . '/' . $target . '/' . $file);
    echo "copied {$target}/{$file}\n";
}

$raw = file_get_contents($composerFile);
$composer = json_decode($raw, true, 512, JSON_THROW_ON_ERROR);
$indent = preg_match('/^( +)"/m', $raw, $m) ? strlen($m[1]) : 4;

$entry = $target . '/polyfills.php';
$files = $composer['autoload']['files'] ?? [];
if (!in_array($entry, $files, true)) {
    array_unshift($files, $entry);
    $composer['autoload']['files'] = $files;
    $json = json_encode($composer, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE);
    if ($indent !== 4) {
        $json = preg_replace_callback('/^( +)/m', static fn ($mm) => str_repeat(' ', intdiv(strlen($mm[1]), 4) * $indent), $json);
    }
    file_put_contents($composerFile, $json . "\n");
    echo "added {$entry} to autoload.files\n";
} else {
    echo "{$entry} already registered\n";
}

passthru('composer dump-autoload --optimize', $code);
exit($code);
