# frozen_string_literal: true

require "uri"
require "yaml"
require "erb"

module MigrationGuard
  # Resolves the connection settings Rails would use for the current env.
  module Dsn
    module_function

    def current
      url = ENV["DATABASE_URL"]
      return URI.parse(url) if url && !url.empty?

      env = ENV.fetch("RAILS_ENV", "development")
      cfg = YAML.safe_load(ERB.new(File.read("config/database.yml")).result, aliases: true)
      db = cfg.fetch(env)
      db = db["primary"] if db.key?("primary")
      URI::Generic.build(
        scheme: db["adapter"] == "postgresql" ? "postgres" : db["adapter"],
        userinfo: [db["username"], db["password"]].compact.join(":"),
        host: db["host"] || "localhost",
        port: db["port"],
        path: "/#{db['database']}"
      )
    end

    def masked(uri)
      u = uri.dup
      u.password = "****" if u.password
      u.to_s
    end

    def adapter(uri)
      uri.scheme.start_with?("postgres") ? :postgres : :mysql
    end
  end
end
