# frozen_string_literal: true

require_relative "../credentials_rotation/rotator"

namespace :credentials do
  desc "Rotate the master key for encrypted credentials (ENVIRONMENT=production, DRY_RUN=1)"
  task rotate: :environment do
    environment = ENV["ENVIRONMENT"].presence
    dry_run = ENV["DRY_RUN"].present?

    rotator = CredentialsRotation::Rotator.new(environment: environment, dry_run: dry_run)
    result = rotator.call

    if dry_run
      puts "Decrypted #{result.content_path} with the current key (#{result.bytes} bytes). Nothing changed."
    else
      puts "Rotated key for #{result.content_path}"
      puts "  new key:     #{result.key_path}"
      puts "  previous key backed up to #{result.backup_path}"
      puts
      puts "Next: update RAILS_MASTER_KEY wherever this environment is deployed,"
      puts "commit #{result.content_path}, and delete the backup once every environment is updated."
    end
  rescue CredentialsRotation::Error => e
    abort "credentials:rotate failed: #{e.message}"
  end
end
