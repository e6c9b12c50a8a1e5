<?php
/**
 * Plugin Name:       {{name}}
 * Description:       {{name}} for WordPress.
 * Version:           0.1.0
 * Requires at least: 6.0
 * Requires PHP:      7.4
 * Author:            {{author}}
 * License:           GPL-2.0-or-later
 * Text Domain:       {{slug}}
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

define( '{{PREFIX}}_VERSION', '0.1.0' );
define( '{{PREFIX}}_DIR', plugin_dir_path( __FILE__ ) );
define( '{{PREFIX}}_URL', plugin_dir_url( __FILE__ ) );

require_once {{PREFIX}}_DIR . 'includes/compat.php';
require_once {{PREFIX}}_DIR . 'includes/class-settings.php';
require_once {{PREFIX}}_DIR . 'includes/class-rest.php';

add_action( 'plugins_loaded', '{{prefix}}_load_textdomain' );
function {{prefix}}_load_textdomain() {
	load_plugin_textdomain( '{{slug}}', false, dirname( plugin_basename( __FILE__ ) ) . '/languages' );
}

add_action( 'admin_menu', array( '{{class}}_Settings', 'register_page' ) );
add_action( 'admin_init', array( '{{class}}_Settings', 'register_settings' ) );
add_action( 'rest_api_init', array( '{{class}}_Rest', 'register_routes' ) );

add_shortcode( '{{prefix}}', '{{prefix}}_shortcode' );
function {{prefix}}_shortcode( $atts ) {
	$atts = shortcode_atts( array( 'title' => '{{name}}' ), $atts, '{{prefix}}' );
	$msg  = get_option( '{{prefix}}_message', '' );
	return sprintf(
		'<div class="{{slug}}"><strong>%s</strong> %s</div>',
		esc_html( $atts['title'] ),
		esc_html( $msg )
	);
}

register_activation_hook( __FILE__, '{{prefix}}_activate' );
function {{prefix}}_activate() {
	add_option( '{{prefix}}_message', __( 'Hello from {{name}}!', '{{slug}}' ) );
	{{prefix}}_compat_check_versions();
}
