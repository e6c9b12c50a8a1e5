<?php
/**
 * Compatibility shims for PHP 7.4 and WordPress 6.0+.
 *
 * Polyfills are only defined when the host PHP lacks the function, so on
 * PHP 8+ this file just performs the version check.
 *
 * @package {{slug}}
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

if ( ! function_exists( 'str_contains' ) ) {
	function str_contains( $haystack, $needle ) {
		return '' === $needle || false !== strpos( $haystack, $needle );
	}
}

if ( ! function_exists( 'str_starts_with' ) ) {
	function str_starts_with( $haystack, $needle ) {
		return 0 === strncmp( $haystack, $needle, strlen( $needle ) );
	}
}

if ( ! function_exists( 'str_ends_with' ) ) {
	function str_ends_with( $haystack, $needle ) {
		return '' === $needle || substr( $haystack, -strlen( $needle ) ) === $needle;
	}
}

if ( ! function_exists( 'array_key_last' ) ) {
	function array_key_last( array $array ) {
		return empty( $array ) ? null : key( array_slice( $array, -1, 1, true ) );
	}
}

/**
 * Stores a flag on activation when the host is below the supported versions;
 * the admin notice below tells the site owner. Nothing leaves the site.
 */
function {{prefix}}_compat_check_versions() {
	global $wp_version;
	$too_old = version_compare( PHP_VERSION, '7.4', '<' ) || version_compare( $wp_version, '{{minwp}}', '<' );
	update_option( '{{prefix}}_compat_warning', $too_old ? 1 : 0, false );
}

add_action( 'admin_notices', '{{prefix}}_compat_notice' );
function {{prefix}}_compat_notice() {
	if ( ! current_user_can( 'activate_plugins' ) || ! get_option( '{{prefix}}_compat_warning' ) ) {
		return;
	}
	printf(
		'<div class="notice notice-warning"><p>%s</p></div>',
		esc_html(
			sprintf(
				/* translators: 1: plugin name */
				__( '%1$s requires PHP 7.4+ and WordPress {{minwp}}+. Some features are disabled.', '{{slug}}' ),
				'{{name}}'
			)
		)
	);
}
