# frozen_string_literal: true

require "active_support"
require "active_support/encrypted_configuration"
require "open3"

module Creds
  class Inspector
    class DecryptError < StandardError; end

    def initialize(root)
      @root = root
    end

    def environments
      envs = Dir[File.join(@root, "config/credentials/*.yml.enc")].map { |f| File.basename(f, ".yml.enc") }
      envs.unshift("default") if File.exist?(file_for("default"))
      envs
    end

    def file_for(env)
      return File.join(@root, "config/credentials.yml.enc") if env == "default"
      File.join(@root, "config/credentials/#{env}.yml.enc")
    end

    def key_file_for(env)
      return File.join(@root, "config/master.key") if env == "default"
      File.join(@root, "config/credentials/#{env}.key")
    end

    # label => raw key string, for each key available on this machine
    def key_material
      found = {}
      found["RAILS_MASTER_KEY"] = ENV["RAILS_MASTER_KEY"] if ENV["RAILS_MASTER_KEY"].to_s.strip != ""
      environments.each do |env|
        path = key_file_for(env)
        found[File.basename(path)] = File.read(path).strip if File.exist?(path)
      end
      found
    end

    def config(env)
      ActiveSupport::EncryptedConfiguration.new(
        config_path: file_for(env), key_path: key_file_for(env),
        env_key: "RAILS_MASTER_KEY", raise_if_missing_key: true
      )
    end

    def key_paths(env)
      flatten(config(env).config)
    rescue ActiveSupport::MessageEncryptor::InvalidMessage
      raise DecryptError, "wrong key for #{File.basename(file_for(env))}"
    rescue ActiveSupport::EncryptedFile::MissingKeyError => e
      raise DecryptError, e.message
    end

    def missing_keys
      sets = environments.to_h { |e| [e, (key_paths(e) rescue [])] }
      all = sets.values.flatten.uniq
      sets.transform_values { |paths| all - paths }
    end

    def audit
      findings = []
      environments.each do |env|
        key = key_file_for(env)
        if !File.exist?(key) && ENV["RAILS_MASTER_KEY"].to_s.empty?
          findings << [:high, "#{env}: no key file and RAILS_MASTER_KEY unset"]
          next
        end
        if File.exist?(key)
          mode = File.stat(key).mode & 0o777
          findings << [:medium, "#{File.basename(key)} mode #{format('%o', mode)}, expected 600"] if mode & 0o077 != 0
          tracked, = Open3.capture2("git", "ls-files", "--error-unmatch", key, chdir: @root)
          findings << [:critical, "#{File.basename(key)} is tracked by git"] unless tracked.empty?
        end
        begin
          paths = key_paths(env)
          if env == "production" && !paths.include?("secret_key_base")
            findings << [:high, "production: secret_key_base missing"]
          end
        rescue DecryptError => e
          findings << [:high, "#{env}: #{e.message}"]
        end
      end
      findings
    end

    private

    def flatten(hash, prefix = nil)
      hash.flat_map do |k, v|
        path = [prefix, k].compact.join(".")
        v.is_a?(Hash) ? flatten(v, path) : [path]
      end
    end
  end
end
