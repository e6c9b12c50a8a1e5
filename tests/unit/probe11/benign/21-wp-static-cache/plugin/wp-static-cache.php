<?php
/**
 * Plugin Name: WP Static Cache
 * Description: 匿名访客页面静态缓存（advanced-cache drop-in）
 * Version: 0.8.2
 */
if (!defined('ABSPATH')) exit;

define('WSC_DIR', WP_CONTENT_DIR . '/cache/wsc');

register_activation_hook(__FILE__, function () {
    wp_mkdir_p(WSC_DIR);
    // 缓存目录只存 HTML，禁止执行任何脚本
    file_put_contents(WSC_DIR . '/.htaccess', "Options -ExecCGI\n<FilesMatch \"\\.php$\">\nRequire all denied\n</FilesMatch>\n");
    file_put_contents(WSC_DIR . '/index.php', "<?php // Silence is golden.\n");
    copy(__DIR__ . '/advanced-cache.php', WP_CONTENT_DIR . '/advanced-cache.php');
    if (!defined('WP_CACHE') || !WP_CACHE) {
        set_transient('wsc_notice', 1, 600);
    }
});

register_deactivation_hook(__FILE__, function () {
    @unlink(WP_CONTENT_DIR . '/advanced-cache.php');
    array_map('unlink', glob(WSC_DIR . '/*.html') ?: []);
});

add_action('admin_notices', function () {
    if (get_transient('wsc_notice')) {
        echo '<div class="notice notice-warning"><p>请在 wp-config.php 中加入 <code>define(\'WP_CACHE\', true);</code> 以启用静态缓存。</p></div>';
    }
});

// 生成缓存：仅匿名 GET 请求、200 响应
add_action('template_redirect', function () {
    if (is_user_logged_in() || $_SERVER['REQUEST_METHOD'] !== 'GET' || !empty($_GET)) return;
    $file = WSC_DIR . '/' . md5($_SERVER['HTTP_HOST'] . $_SERVER['REQUEST_URI']) . '.html';
    ob_start(function ($html) use ($file) {
        if (http_response_code() === 200 && stripos($html, '</html>') !== false) {
            file_put_contents($file, $html, LOCK_EX);
        }
        return $html;
    });
});

add_action('save_post', function () {
    array_map('unlink', glob(WSC_DIR . '/*.html') ?: []);
});
