<?php

declare(strict_types=1);

use PHPUnit\Framework\TestCase;

final class PolyfillsTest extends TestCase
{
    public function testStrFunctions(): void
    {
        self::assertTrue(str_contains('polyfill', 'ly'));
        self::assertTrue(str_contains('abc', ''));
        self::assertFalse(str_contains('abc', 'd'));
        self::assertTrue(str_starts_with('polyfill', 'poly'));
        self::assertTrue(str_ends_with('polyfill', 'fill'));
        self::assertFalse(str_ends_with('polyfill', 'poly'));
    }

    public function testArrayIsList(): void
    {
        self::assertTrue(array_is_list([]));
        self::assertTrue(array_is_list(['a', 'b']));
        self::assertFalse(array_is_list([1 => 'a']));
        self::assertFalse(array_is_list(['x' => 1]));
    }

    public function testArrayFindAnyAll(): void
    {
        $nums = [1, 2, 3, 4];
        self::assertSame(3, array_find($nums, static fn ($v) => $v > 2));
        self::assertNull(array_find($nums, static fn ($v) => $v > 10));
        self::assertTrue(array_any($nums, static fn ($v) => $v % 2 === 0));
        self::assertFalse(array_all($nums, static fn ($v) => $v < 4));
    }

    /** @requires extension mbstring */
    public function testMbStrPad(): void
    {
        self::assertSame('äöü--', mb_str_pad('äöü', 5, '-'));
        self::assertSame('--äöü', mb_str_pad('äöü', 5, '-', STR_PAD_LEFT));
        self::assertSame('-äöü-', mb_str_pad('äöü', 5, '-', STR_PAD_BOTH));
    }
}
