<?php
/**
 * Settings page.
 *
 * @package {{slug}}
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

class {{class}}_Settings {

	public static function register_page() {
		add_options_page(
			__( '{{name}}', '{{slug}}' ),
			__( '{{name}}', '{{slug}}' ),
			'manage_options',
			'{{slug}}',
			array( __CLASS__, 'render' )
		);
	}

	public static function register_settings() {
		register_setting(
			'{{prefix}}_group',
			'{{prefix}}_message',
			array(
				'type'              => 'string',
				'sanitize_callback' => 'sanitize_text_field',
				'default'           => '',
			)
		);
		add_settings_section( '{{prefix}}_main', __( 'General', '{{slug}}' ), '__return_false', '{{slug}}' );
		add_settings_field(
			'{{prefix}}_message',
			__( 'Message', '{{slug}}' ),
			array( __CLASS__, 'field_message' ),
			'{{slug}}',
			'{{prefix}}_main'
		);
	}

	public static function field_message() {
		printf(
			'<input type="text" class="regular-text" name="{{prefix}}_message" value="%s" />',
			esc_attr( get_option( '{{prefix}}_message', '' ) )
		);
	}

	public static function render() {
		if ( ! current_user_can( 'manage_options' ) ) {
			return;
		}
		echo '<div class="wrap"><h1>' . esc_html( get_admin_page_title() ) . '</h1><form method="post" action="options.php">';
		settings_fields( '{{prefix}}_group' );
		do_settings_sections( '{{slug}}' );
		submit_button();
		echo '</form></div>';
	}
}
