# frozen_string_literal: true

require "digest"

module AssetCache
  # Computes a deterministic cache key from asset sources and toolchain versions.
  class Fingerprint
    attr_reader :inputs

    def initialize(root:, globs:, lockfiles:)
      @root = root
      @globs = globs
      @lockfiles = lockfiles
      @inputs = {}
    end

    def key
      @key ||= begin
        collect_files
        collect_toolchain
        digest = Digest::SHA256.new
        @inputs.sort.each { |name, value| digest << name << "\0" << value << "\0" }
        "assets-#{digest.hexdigest[0, 24]}"
      end
    end

    def explain
      key
      @inputs.sort.map { |name, value| format("%-60s %s", name, value[0, 16]) }
    end

    private

    def collect_files
      files = @globs.flat_map { |g| Dir.glob(File.join(@root, g)) }.select { |f| File.file?(f) }
      files += @lockfiles.map { |l| File.join(@root, l) }.select { |f| File.file?(f) }
      files.uniq.sort.each do |path|
        rel = path.delete_prefix("#{@root}/")
        @inputs["file:#{rel}"] = Digest::SHA256.file(path).hexdigest
      end
    end

    def collect_toolchain
      @inputs["ruby"] = RUBY_VERSION
      @inputs["rails_env"] = ENV.fetch("RAILS_ENV", "production")
      node = `node --version 2>/dev/null`.strip
      @inputs["node"] = node.empty? ? "none" : node
    end
  end
end
