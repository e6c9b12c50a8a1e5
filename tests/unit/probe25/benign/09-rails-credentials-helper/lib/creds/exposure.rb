# frozen_string_literal: true

require "digest"
require "net/http"
require "uri"

module Creds
  # Optional check of a key against an exposure index configured by the user,
  # using a k-anonymity range query (same model as the HIBP Pwned Passwords API).
  #
  # Only the first PREFIX_LEN hex characters of SHA-256(key) are sent. The
  # service answers with every hash suffix it knows for that prefix, one per
  # line, and the comparison happens locally.
  class Exposure
    PREFIX_LEN = 5
    TIMEOUT = 5

    def initialize(base_url: ENV["CREDS_EXPOSURE_URL"])
      @base = base_url.to_s.strip
    end

    def enabled?
      !@base.empty? && URI(@base).scheme == "https"
    rescue URI::InvalidURIError
      false
    end

    # => :exposed, :clean, :unknown, or :skipped
    def check(key)
      return :skipped unless enabled?

      digest = Digest::SHA256.hexdigest(key.to_s.strip).upcase
      prefix = digest[0, PREFIX_LEN]
      suffix = digest[PREFIX_LEN..]

      suffixes = range_suffixes(prefix)
      return :unknown if suffixes.nil?

      suffixes.include?(suffix) ? :exposed : :clean
    end

    private

    def range_suffixes(prefix)
      uri = URI.join(@base.end_with?("/") ? @base : "#{@base}/", "range/#{prefix}")
      res = Net::HTTP.start(uri.host, uri.port, use_ssl: true,
                            open_timeout: TIMEOUT, read_timeout: TIMEOUT) do |http|
        http.get(uri.request_uri, "Add-Padding" => "true")
      end
      return nil unless res.is_a?(Net::HTTPSuccess)

      res.body.each_line.map { |line| line.split(":").first.to_s.strip.upcase }
    rescue StandardError
      nil
    end
  end
end
