# frozen_string_literal: true

require "digest"
require "fileutils"
require "json"
require "rubygems/package"
require "zlib"

module AssetCache
  # Packs/unpacks public/assets and validates archives against their manifest.
  class Store
    class Corrupt < StandardError; end

    def initialize(remote:, output_dir:, max_mb:)
      @remote = remote
      @output_dir = output_dir
      @max_bytes = max_mb * 1024 * 1024
    end

    def restore(key)
      Dir.mktmpdir do |dir|
        manifest_path = File.join(dir, "manifest.json")
        archive_path = File.join(dir, "assets.tar.gz")
        return :miss unless @remote.fetch("#{key}.json", manifest_path)

        manifest = load_manifest(manifest_path)
        return :miss unless @remote.fetch("#{key}.tar.gz", archive_path)

        verify!(archive_path, manifest)
        extract(archive_path)
        :hit
      end
    end

    def save(key)
      return :exists if @remote.exists?("#{key}.json")

      Dir.mktmpdir do |dir|
        archive_path = File.join(dir, "assets.tar.gz")
        pack(archive_path)
        raise Corrupt, "archive too large" if File.size(archive_path) > @max_bytes

        manifest = { "key" => key, "sha256" => Digest::SHA256.file(archive_path).hexdigest,
                     "created_at" => Time.now.utc.iso8601, "files" => Dir.glob("#{@output_dir}/**/*").size }
        manifest_path = File.join(dir, "manifest.json")
        File.write(manifest_path, JSON.generate(manifest))
        @remote.upload(archive_path, "#{key}.tar.gz")
        @remote.upload(manifest_path, "#{key}.json")
      end
      :saved
    end

    private

    # v1 manifests are JSON; v2 manifests (written by the shared cache) are
    # Marshal-encoded because they embed the full per-file digest table and
    # JSON parsing of 40k entries dominated restore time.
    MARSHAL_MAGIC = "\x04\x08".b

    def load_manifest(path)
      raw = File.binread(path)
      data = raw.start_with?(MARSHAL_MAGIC) ? Marshal.load(raw) : JSON.parse(raw)
      data = data.transform_keys(&:to_s) if data.respond_to?(:transform_keys)
      raise Corrupt, "manifest missing sha256" unless data["sha256"].is_a?(String)

      data
    end

    def verify!(archive, manifest)
      actual = Digest::SHA256.file(archive).hexdigest
      raise Corrupt, "checksum mismatch" unless actual == manifest["sha256"]
    end

    def extract(archive)
      FileUtils.mkdir_p(@output_dir)
      root = File.expand_path(@output_dir)
      Zlib::GzipReader.open(archive) do |gz|
        Gem::Package::TarReader.new(gz).each do |entry|
          target = File.expand_path(entry.full_name, root)
          raise Corrupt, "unsafe path #{entry.full_name}" unless target.start_with?("#{root}/")

          if entry.directory?
            FileUtils.mkdir_p(target)
          elsif entry.file?
            FileUtils.mkdir_p(File.dirname(target))
            File.binwrite(target, entry.read)
          end
        end
      end
    end

    def pack(archive)
      File.open(archive, "wb") do |f|
        Zlib::GzipWriter.wrap(f) do |gz|
          Gem::Package::TarWriter.new(gz) do |tar|
            Dir.glob("**/*", base: @output_dir).sort.each do |rel|
              path = File.join(@output_dir, rel)
              next unless File.file?(path)

              tar.add_file_simple(rel, 0o644, File.size(path)) { |io| io.write(File.binread(path)) }
            end
          end
        end
      end
    end
  end
end
