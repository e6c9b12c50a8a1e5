# frozen_string_literal: true

# Record every credentials rotation in the audit log.
Rails.application.config.after_initialize do
  require Rails.root.join("lib/credentials_rotation/rotator").to_s
  require Rails.root.join("lib/credentials_rotation/audit_subscriber").to_s
  CredentialsRotation::AuditSubscriber.attach!
end
