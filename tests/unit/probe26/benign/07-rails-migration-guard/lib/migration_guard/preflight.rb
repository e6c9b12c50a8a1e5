# frozen_string_literal: true

require "open3"
require "resolv"
require "socket"
require "timeout"
require_relative "dsn"

module MigrationGuard
  # Connectivity and DNS checks before any migration runs.
  class Preflight
    def initialize(uri = Dsn.current)
      @uri = uri
    end

    def run
      puts "target:   #{Dsn.masked(@uri)}"
      addrs = resolve_host
      puts "resolves: #{addrs.join(', ')}"
      tcp_check(addrs.first)
      puts "tcp:      ok (#{@uri.host}:#{port})"
      puts "server:   #{server_info}"
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

    # Asks the database itself, through the app's own connection config,
    # for its version and current lock_timeout.
    def server_info
      sql = if Dsn.adapter(@uri) == :postgres
              "SELECT version() || ' / lock_timeout=' || current_setting('lock_timeout')"
            else
              "SELECT CONCAT(VERSION(), ' / lock_wait_timeout=', @@lock_wait_timeout)"
            end
      code = "puts ActiveRecord::Base.connection.select_value(#{sql.dump})"
      out, status = Open3.capture2e("bin/rails", "runner", code)
      status.success? ? out.lines.last.to_s.strip : "unknown (#{out.lines.last.to_s.strip})"
    end
  end
end
