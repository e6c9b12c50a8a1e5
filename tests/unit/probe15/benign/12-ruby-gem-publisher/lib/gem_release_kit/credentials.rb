# frozen_string_literal: true

require "json"
require "net/http"
require "uri"
require "yaml"

module GemReleaseKit
  # Locate the RubyGems API key the way `gem push` does and verify it
  # against rubygems.org. The key is never printed or sent elsewhere.
  module Credentials
    HOST = "https://rubygems.org"

    module_function

    def credential_files
      home = Dir.home
      [
        ENV["GEM_CONFIG_DIR"] && File.join(ENV["GEM_CONFIG_DIR"], "credentials"),
        File.join(home, ".local", "share", "gem", "credentials"),
        File.join(home, ".gem", "credentials")
      ].compact
    end

    def api_key
      return ENV["GEM_HOST_API_KEY"] if ENV["GEM_HOST_API_KEY"].to_s != ""

      credential_files.each do |f|
        next unless File.readable?(f)

        data = YAML.safe_load(File.read(f), permitted_classes: [Symbol]) || {}
        key = data[:rubygems_api_key] || data["rubygems_api_key"]
        return key if key
      end
      nil
    end

    # Returns the list of gem names owned by the key's account.
    def owned_gems
      key = api_key or raise Error, "no RubyGems API key; run `gem signin`"
      uri = URI("#{HOST}/api/v1/gems.json")
      req = Net::HTTP::Get.new(uri)
      req["Authorization"] = key
      res = Net::HTTP.start(uri.host, uri.port, use_ssl: true, open_timeout: 10, read_timeout: 20) do |http|
        http.request(req)
      end
      raise Error, "rubygems.org rejected the API key (#{res.code})" unless res.is_a?(Net::HTTPSuccess)

      JSON.parse(res.body).map { |g| g["name"] }
    end

    def verify_owner!(gem_name)
      owned = owned_gems
      return if owned.include?(gem_name) || owned.empty?

      raise Error, "your RubyGems account does not own #{gem_name}"
    end
  end
end
