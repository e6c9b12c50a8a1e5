# frozen_string_literal: true

require "yaml"

module Backup
  # 读取用户配置，并与默认配置深度合并。
  class Config
    DEFAULTS = File.expand_path("../../config/defaults.yml", __dir__)

    attr_reader :data

    def self.load(path)
      defaults = YAML.safe_load(File.read(DEFAULTS)) || {}
      user = path && File.exist?(path) ? (YAML.safe_load(File.read(path)) || {}) : {}
      new(deep_merge(defaults, user))
    end

    def self.deep_merge(base, override)
      base.merge(override) do |_key, a, b|
        a.is_a?(Hash) && b.is_a?(Hash) ? deep_merge(a, b) : (b.nil? ? a : b)
      end
    end

    def initialize(data)
      @data = data
      @data["database_url"] ||= ENV["DATABASE_URL"]
      validate!
    end

    def dig(*keys)
      @data.dig(*keys.map(&:to_s))
    end

    def database_url
      @data["database_url"]
    end

    def database_name
      URI(database_url).path.delete_prefix("/")
    end

    def adapter
      case URI(database_url).scheme
      when "postgres", "postgresql" then :postgres
      when "mysql", "mysql2" then :mysql
      else raise ArgumentError, "不支持的数据库类型：#{URI(database_url).scheme}"
      end
    end

    private

    def validate!
      raise ArgumentError, "缺少 database_url（配置或 DATABASE_URL 环境变量）" unless database_url
      raise ArgumentError, "缺少 storage.bucket" unless dig(:storage, :bucket)
      if dig(:encryption, :enabled) && !dig(:encryption, :gpg_recipient)
        raise ArgumentError, "启用加密时必须设置 encryption.gpg_recipient"
      end
    end
  end
end
