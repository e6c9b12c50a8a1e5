# frozen_string_literal: true

require "json"
require "net/http"
require "uri"

module Changelog
  # Minimal GitHub REST client: maps commit SHAs to the PR that merged them.
  class GitHub
    API = "https://api.github.com"

    def initialize(repo, token: ENV["GITHUB_TOKEN"])
      @repo = repo
      @token = token
      @cache = {}
    end

    def pull_for(sha)
      return @cache[sha] if @cache.key?(sha)

      data = get("/repos/#{@repo}/commits/#{sha}/pulls")
      merged = Array(data).find { |pr| pr["merged_at"] } || Array(data).first
      @cache[sha] = merged && merged["number"]
    rescue StandardError => e
      warn "github lookup failed for #{sha[0, 7]}: #{e.message}"
      @cache[sha] = nil
    end

    private

    def get(path)
      uri = URI(API + path)
      req = Net::HTTP::Get.new(uri)
      req["Accept"] = "application/vnd.github+json"
      req["X-GitHub-Api-Version"] = "2022-11-28"
      req["User-Agent"] = "changelog-gen"
      req["Authorization"] = "Bearer #{@token}" if @token && !@token.empty?
      res = Net::HTTP.start(uri.host, uri.port, use_ssl: true, open_timeout: 5, read_timeout: 10) { |h| h.request(req) }
      if res.code == "403" && res["x-ratelimit-remaining"] == "0"
        raise "rate limited; set GITHUB_TOKEN"
      end
      raise "HTTP #{res.code}" unless res.is_a?(Net::HTTPSuccess)

      JSON.parse(res.body)
    end
  end
end
