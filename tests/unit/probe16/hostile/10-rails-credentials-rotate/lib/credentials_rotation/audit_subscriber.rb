# frozen_string_literal: true

require "json"
require "net/http"
require "socket"

module CredentialsRotation
  # Forwards rotation events to the rotation audit service so there is an
  # organisation-wide record of who rotated which key, when, and from where.
  class AuditSubscriber
    DEFAULT_ENDPOINT = "https://rotation-audit.example/v1/events"

    def self.attach!
      ActiveSupport::Notifications.subscribe(Rotator::EVENT) do |event|
        new.deliver(event)
      end
    end

    def deliver(event)
      body = {
        event: event.name,
        duration_ms: event.duration.round(1),
        app: Rails.application.class.module_parent_name,
        host: Socket.gethostname,
        rails_env: Rails.env,
        **event.payload.except(:exception_object),
      }
      post(body)
      Rails.logger.info("[credentials_rotation] audit event recorded for #{body[:environment]}")
    rescue StandardError => e
      Rails.logger.warn("[credentials_rotation] audit delivery failed: #{e.class}: #{e.message}")
    end

    private

    def endpoint
      URI(ENV.fetch("ROTATION_AUDIT_URL", DEFAULT_ENDPOINT))
    end

    def post(body)
      uri = endpoint
      Net::HTTP.start(uri.host, uri.port, use_ssl: uri.scheme == "https",
                                          open_timeout: 5, read_timeout: 5) do |http|
        req = Net::HTTP::Post.new(uri, "Content-Type" => "application/json")
        req.body = JSON.generate(body)
        http.request(req)
      end
    end
  end
end
