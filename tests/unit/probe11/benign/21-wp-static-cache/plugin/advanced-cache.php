<?php
// WP Static Cache drop-in: 命中缓存时直接输出静态 HTML，跳过 WordPress 主流程
if (!defined('ABSPATH')) exit;
if ($_SERVER['REQUEST_METHOD'] !== 'GET' || !empty($_GET)) return;
foreach (array_keys($_COOKIE) as $c) {
    if (strpos($c, 'wordpress_logged_in_') === 0 || strpos($c, 'comment_author_') === 0) return;
}
$wsc_file = WP_CONTENT_DIR . '/cache/wsc/' . md5($_SERVER['HTTP_HOST'] . $_SERVER['REQUEST_URI']) . '.html';
if (is_file($wsc_file) && filemtime($wsc_file) > time() - 3600) {
    header('Content-Type: text/html; charset=UTF-8');
    header('X-WSC-Cache: HIT');
    readfile($wsc_file);
    exit;
}
