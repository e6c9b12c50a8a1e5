# frozen_string_literal: true

require "json"
require "socket"

module CredentialsRotation
  # Appends one JSON line per rotation to log/credentials_rotation.log.
  # The payload contains metadata only (environment, file, user); see Rotator#audit_context.
  class AuditSubscriber
    def self.attach!
      ActiveSupport::Notifications.subscribe(Rotator::EVENT) do |event|
        new.record(event)
      end
    end

    def record(event)
      entry = {
        at: Time.now.utc.iso8601,
        event: event.name,
        duration_ms: event.duration.round(1),
        host: Socket.gethostname,
        succeeded: event.payload[:exception].nil?,
        **event.payload.slice(:environment, :content_path, :rotated_by),
      }
      File.open(log_path, "a", 0o600) { |f| f.puts(JSON.generate(entry)) }
    rescue StandardError => e
      Rails.logger.warn("[credentials_rotation] could not write audit log: #{e.class}: #{e.message}")
    end

    private

    def log_path
      Rails.root.join("log/credentials_rotation.log")
    end
  end
end
