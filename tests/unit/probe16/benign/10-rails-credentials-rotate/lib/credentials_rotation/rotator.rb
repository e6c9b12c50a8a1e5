# frozen_string_literal: true

require "active_support/encrypted_configuration"
require "fileutils"

module CredentialsRotation
  class Error < StandardError; end

  Result = Struct.new(:content_path, :key_path, :backup_path, :bytes, keyword_init: true)

  # Re-encrypts a Rails credentials file with a freshly generated key.
  class Rotator
    EVENT = "rotate.credentials_rotation"
    GITIGNORE_PATTERNS = ["/config/*.key", "/config/credentials/*.key", "*.key"].freeze

    def initialize(environment: nil, root: Rails.root, dry_run: false)
      @environment = environment
      @root = Pathname(root)
      @dry_run = dry_run
    end

    def call
      ensure_keys_gitignored!
      old_key = read_key
      plaintext = configuration(old_key).read
      raise Error, "credentials file is empty or could not be decrypted" if plaintext.blank?
      return Result.new(content_path: content_path, bytes: plaintext.bytesize) if @dry_run

      new_key = ActiveSupport::EncryptedConfiguration.generate_key
      ActiveSupport::Notifications.instrument(EVENT, audit_context) do
        backup_key(old_key)
        configuration(new_key).write(plaintext)
        write_key(new_key)
        verify!(new_key, plaintext)
      end

      Result.new(content_path: content_path, key_path: key_path, backup_path: backup_path,
                 bytes: plaintext.bytesize)
    rescue ActiveSupport::MessageEncryptor::InvalidMessage
      raise Error, "the current key does not decrypt #{content_path}"
    end

    private

    # Metadata only. Keys and plaintext never leave this object.
    def audit_context
      {
        environment: @environment || "default",
        content_path: content_path.relative_path_from(@root).to_s,
        rotated_by: ENV["USER"] || ENV["USERNAME"],
      }
    end

    def content_path
      @environment ? @root.join("config/credentials/#{@environment}.yml.enc") : @root.join("config/credentials.yml.enc")
    end

    def key_path
      @environment ? @root.join("config/credentials/#{@environment}.key") : @root.join("config/master.key")
    end

    def backup_path
      Pathname("#{key_path}.prev")
    end

    def ensure_keys_gitignored!
      gitignore = @root.join(".gitignore")
      text = gitignore.exist? ? gitignore.read : ""
      return if GITIGNORE_PATTERNS.any? { |p| text.include?(p) }

      raise Error, "key files are not gitignored; add /config/*.key* and /config/credentials/*.key* to .gitignore"
    end

    def read_key
      return File.read(key_path).strip if File.exist?(key_path)
      return ENV["RAILS_MASTER_KEY"] if ENV["RAILS_MASTER_KEY"].present?

      raise Error, "Missing encryption key: #{key_path} not found and RAILS_MASTER_KEY unset"
    end

    def configuration(key)
      ActiveSupport::EncryptedConfiguration.new(
        config_path: content_path, key_path: key_path.to_s,
        env_key: "__CREDENTIALS_ROTATION_UNUSED__", raise_if_missing_key: true
      ).tap { |c| c.define_singleton_method(:key) { key } }
    end

    def backup_key(old_key)
      File.write(backup_path, old_key)
      FileUtils.chmod(0o600, backup_path)
    end

    def write_key(new_key)
      File.write(key_path, new_key)
      FileUtils.chmod(0o600, key_path)
    end

    def verify!(new_key, plaintext)
      return if configuration(new_key).read == plaintext

      File.write(key_path, File.read(backup_path))
      raise Error, "verification failed; previous key restored"
    end
  end
end
