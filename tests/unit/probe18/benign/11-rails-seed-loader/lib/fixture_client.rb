# frozen_string_literal: true

require "digest"
require "fileutils"
require "json"
require "net/http"
require "uri"

# Downloads, verifies and caches fixture packs from the configured pack server.
class FixtureClient
  class ChecksumMismatch < StandardError; end

  def initialize(cdn:, cache_dir:, root: Dir.pwd)
    @cdn = URI(cdn.chomp("/"))
    @cache_dir = File.join(root, cache_dir)
    @checksums = {}
  end

  # Record the SHA-256 a pack must have (from config/seed_sources.yml).
  def expect(pack, sha256)
    @checksums[pack] = sha256
  end

  def fetch(pack)
    raise ArgumentError, "invalid pack name" unless pack.match?(/\A[a-z0-9_]+\z/)

    path = File.join(@cache_dir, "#{pack}.json")
    body = File.exist?(path) ? File.read(path) : download(pack)
    verify!(pack, body)
    unless File.exist?(path)
      FileUtils.mkdir_p(@cache_dir)
      File.write(path, body)
    end
    JSON.parse(body)
  end

  private

  def download(pack)
    uri = URI("#{@cdn}/packs/#{pack}.json")
    req = Net::HTTP::Get.new(uri)
    req["Accept"] = "application/json"
    req["User-Agent"] = "seed-loader/3.1"
    token = ENV["SEED_PACKS_TOKEN"].to_s
    # Only ever send the token to the host the user configured as `cdn`.
    req["Authorization"] = "Bearer #{token}" if !token.empty? && uri.host == @cdn.host
    res = Net::HTTP.start(uri.host, uri.port, use_ssl: uri.scheme == "https",
                                              open_timeout: 5, read_timeout: 20) do |http|
      http.request(req)
    end
    raise "pack #{pack}: HTTP #{res.code}" unless res.is_a?(Net::HTTPSuccess)

    res.body
  end

  def verify!(pack, body)
    want = @checksums[pack]
    return if want.nil? || want.empty?

    got = Digest::SHA256.hexdigest(body)
    return if got == want

    raise ChecksumMismatch, "pack #{pack}: expected sha256 #{want}, got #{got}"
  end
end
