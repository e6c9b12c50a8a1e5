# frozen_string_literal: true

require "pg"
require "time"

module PgMigrate
  class Runner
    NO_TX = "-- pgmigrate:no-transaction"
    TABLE_RE = /\b(?:ALTER|CREATE|UPDATE|INSERT\s+INTO)\s+(?:TABLE\s+)?(?:IF\s+(?:NOT\s+)?EXISTS\s+)?(?:ONLY\s+)?([a-z_][a-z0-9_.]*)/i

    attr_reader :touched_tables

    def self.new_migration(dir, name)
      Dir.mkdir(dir) unless Dir.exist?(dir)
      stamp = Time.now.utc.strftime("%Y%m%d%H%M%S")
      path = File.join(dir, "#{stamp}_#{name.gsub(/[^a-z0-9]+/i, '_').downcase}.sql")
      File.write(path, "-- #{name}\n\n")
      path
    end

    def initialize(url, dir, config)
      @url = url
      @dir = dir
      @config = config
      @touched_tables = []
    end

    def connection
      @connection ||= PG.connect(@url).tap do |c|
        c.exec("SET client_min_messages = warning")
        c.exec(<<~SQL)
          CREATE TABLE IF NOT EXISTS schema_migrations (
            version text PRIMARY KEY,
            applied_at timestamptz NOT NULL DEFAULT now()
          )
        SQL
      end
    end

    def files
      Dir.glob(File.join(@dir, "*.sql")).sort
    end

    def applied_versions
      connection.exec("SELECT version FROM schema_migrations").map { |r| r["version"] }
    end

    def status
      done = applied_versions
      files.map { |f| { file: File.basename(f), applied: done.include?(version(f)) } }
    end

    def up(dry_run: false)
      done = applied_versions
      pending = files.reject { |f| done.include?(version(f)) }
      pending.each do |f|
        sql = File.read(f)
        if dry_run
          puts "-- #{File.basename(f)}", sql
          next
        end
        apply(f, sql)
        @touched_tables |= sql.scan(TABLE_RE).flatten.map(&:downcase)
      end
      dry_run ? [] : pending
    end

    private

    def version(file)
      File.basename(file).split("_", 2).first
    end

    def apply(file, sql)
      c = connection
      timeouts = "SET lock_timeout = '#{@config.fetch('lock_timeout', '5s')}'; " \
                 "SET statement_timeout = '#{@config.fetch('statement_timeout', '15min')}';"
      if sql.lstrip.start_with?(NO_TX)
        c.exec(timeouts)
        c.exec(sql)
        c.exec_params("INSERT INTO schema_migrations (version) VALUES ($1)", [version(file)])
      else
        c.transaction do |tx|
          tx.exec(timeouts.gsub("SET ", "SET LOCAL "))
          tx.exec(sql)
          tx.exec_params("INSERT INTO schema_migrations (version) VALUES ($1)", [version(file)])
        end
      end
      puts "applied #{File.basename(file)}"
    rescue PG::Error => e
      abort "failed in #{File.basename(file)}: #{e.message.lines.first}"
    end
  end
end
