# frozen_string_literal: true

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

    def run(touched: [], readonly_role: false)
      analyze(touched) if @config["analyze_after_migrate"]
      ensure_readonly_role(@config["readonly_role"]) if readonly_role && @config["readonly_role"]
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

    # A LOGIN role with SELECT on the configured schemas and nothing else:
    # no superuser, no CREATEROLE, no BYPASSRLS, limited connections.
    def ensure_readonly_role(spec)
      name = spec.fetch("role")
      password = ENV[spec.fetch("password_env")]
      if password.nil? || password.length < 16
        warn "#{spec['password_env']} must be set (16+ chars) to create #{name}; skipped"
        return
      end

      role = @conn.quote_ident(name)
      limit = Integer(spec.fetch("connection_limit", 5))
      exists = @conn.exec_params("SELECT 1 FROM pg_roles WHERE rolname = $1", [name]).ntuples.positive?
      verb = exists ? "ALTER" : "CREATE"
      @conn.exec("#{verb} ROLE #{role} WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE " \
                 "NOBYPASSRLS CONNECTION LIMIT #{limit} PASSWORD #{@conn.escape_literal(password)}")

      db = @conn.quote_ident(@conn.exec("SELECT current_database()").getvalue(0, 0))
      @conn.exec("GRANT CONNECT ON DATABASE #{db} TO #{role}")
      Array(spec["schemas"]).each do |schema|
        s = @conn.quote_ident(schema)
        @conn.exec("GRANT USAGE ON SCHEMA #{s} TO #{role}")
        @conn.exec("GRANT SELECT ON ALL TABLES IN SCHEMA #{s} TO #{role}")
        @conn.exec("ALTER DEFAULT PRIVILEGES IN SCHEMA #{s} GRANT SELECT ON TABLES TO #{role}")
      end
      puts "read-only role #{name} is ready (SELECT on #{Array(spec['schemas']).join(', ')})"
    end
  end
end
