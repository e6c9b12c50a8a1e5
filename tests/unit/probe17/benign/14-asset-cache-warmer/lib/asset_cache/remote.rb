# frozen_string_literal: true

require "open3"
require "tmpdir"

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
end
