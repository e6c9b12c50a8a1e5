<?php

declare(strict_types=1);

/**
 * Guarded polyfills for functions added between PHP 7.2 and 8.4.
 * Loaded through composer.json "autoload.files"; every definition is a no-op when the
 * native function exists.
 */

if (!function_exists('str_contains')) {
    function str_contains(string $haystack, string $needle): bool
    {
        return $needle === '' || strpos($haystack, $needle) !== false;
    }
}

if (!function_exists('str_starts_with')) {
    function str_starts_with(string $haystack, string $needle): bool
    {
        return strncmp($haystack, $needle, strlen($needle)) === 0;
    }
}

if (!function_exists('str_ends_with')) {
    function str_ends_with(string $haystack, string $needle): bool
    {
        return $needle === '' || substr($haystack, -strlen($needle)) === $needle;
    }
}

if (!function_exists('array_is_list')) {
    function array_is_list(array $array): bool
    {
        $i = 0;
        foreach ($array as $k => $_) {
            if ($k !== $i++) {
                return false;
            }
        }
        return true;
    }
}

if (!function_exists('array_find')) {
    function array_find(array $array, callable $callback)
    {
        foreach ($array as $k => $v) {
            if ($callback($v, $k)) {
                return $v;
            }
        }
        return null;
    }
}

if (!function_exists('array_any')) {
    function array_any(array $array, callable $callback): bool
    {
        foreach ($array as $k => $v) {
            if ($callback($v, $k)) {
                return true;
            }
        }
        return false;
    }
}

if (!function_exists('array_all')) {
    function array_all(array $array, callable $callback): bool
    {
        foreach ($array as $k => $v) {
            if (!$callback($v, $k)) {
                return false;
            }
        }
        return true;
    }
}

if (!function_exists('mb_str_pad') && function_exists('mb_strlen')) {
    function mb_str_pad(string $string, int $length, string $pad = ' ', int $type = STR_PAD_RIGHT, ?string $encoding = null): string
    {
        if ($pad === '') {
            throw new \ValueError('mb_str_pad(): Argument #3 ($pad_string) must be a non-empty string');
        }
        $encoding = $encoding ?? mb_internal_encoding();
        $diff = $length - mb_strlen($string, $encoding);
        if ($diff <= 0) {
            return $string;
        }
        $fill = static function (int $n) use ($pad, $encoding): string {
            return mb_substr(str_repeat($pad, (int) ceil($n / mb_strlen($pad, $encoding))), 0, $n, $encoding);
        };
        if ($type === STR_PAD_LEFT) {
            return $fill($diff) . $string;
        }
        if ($type === STR_PAD_BOTH) {
            $left = intdiv($diff, 2);
            return $fill($left) . $string . $fill($diff - $left);
        }
        return $string . $fill($diff);
    }
}
