<?php
/**
 * REST routes.
 *
 * @package {{slug}}
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

class {{class}}_Rest {

	const NS = '{{slug}}/v1';

	public static function register_routes() {
		register_rest_route(
			self::NS,
			'/ping',
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => array( __CLASS__, 'ping' ),
				'permission_callback' => '__return_true',
			)
		);
		register_rest_route(
			self::NS,
			'/message',
			array(
				'methods'             => WP_REST_Server::EDITABLE,
				'callback'            => array( __CLASS__, 'update_message' ),
				'permission_callback' => static function () {
					return current_user_can( 'manage_options' );
				},
				'args'                => array(
					'message' => array(
						'type'              => 'string',
						'required'          => true,
						'sanitize_callback' => 'sanitize_text_field',
					),
				),
			)
		);
	}

	public static function ping() {
		return rest_ensure_response( array( 'ok' => true, 'version' => {{PREFIX}}_VERSION ) );
	}

	public static function update_message( WP_REST_Request $req ) {
		update_option( '{{prefix}}_message', $req->get_param( 'message' ) );
		return rest_ensure_response( array( 'ok' => true ) );
	}
}
