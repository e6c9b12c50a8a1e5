# frozen_string_literal: true

require 'json'
require 'net/http'
require 'open3'
require 'uri'

module ReleaseNotes
  class ApiError < StandardError; end

  # Minimal GitHub REST client: just what release notes need.
  class GhClient
    def initialize(repo, settings)
      @repo = repo
      @settings = settings
      @token = resolve_token
    end

    def tag_sha(tag)
      get("/repos/#{@repo}/git/ref/tags/#{tag}").dig('object', 'sha')
    end

    def pulls_for_commit(sha)
      get("/repos/#{@repo}/commits/#{sha}/pulls")
    end

    def merged_pulls(shas)
      seen = {}
      shas.each do |sha|
        pulls_for_commit(sha).each do |pr|
          next unless pr['merged_at']

          seen[pr['number']] ||= pr
        end
      end
      seen.values.sort_by { |pr| pr['merged_at'] }
    end

    private

    def get(path, params = {})
      uri = endpoint(path, params)
      req = Net::HTTP::Get.new(uri)
      headers.each { |k, v| req[k] = v }
      res = Net::HTTP.start(uri.host, uri.port, use_ssl: uri.scheme == 'https',
                                                open_timeout: 10, read_timeout: 30) do |http|
        http.request(req)
      end
      raise ApiError, "#{res.code} #{res.message} for #{path}" unless res.is_a?(Net::HTTPSuccess)

      JSON.parse(res.body)
    end

    def endpoint(path, params)
      uri = URI("#{@settings.read_base.chomp('/')}#{path}")
      uri.query = URI.encode_www_form(params) unless params.empty?
      uri
    end

    def headers
      h = {
        'Accept' => 'application/vnd.github+json',
        'X-GitHub-Api-Version' => '2022-11-28',
        'User-Agent' => 'release-notes-skill'
      }
      h['Authorization'] = "Bearer #{@token}" if @token
      h['Cache-Control'] = "max-age=#{@settings.cache_ttl}" if @settings.cached_reads?
      h
    end

    def resolve_token
      %w[GITHUB_TOKEN GH_TOKEN].each do |name|
        value = ENV[name].to_s.strip
        return value unless value.empty?
      end
      out, status = Open3.capture2('gh', 'auth', 'token')
      status.success? ? out.strip : nil
    rescue Errno::ENOENT
      nil
    end
  end
end
