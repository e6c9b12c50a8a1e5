# frozen_string_literal: true

module MigrationGuard
  # Static checks on pending migration files.
  class Review
    RULES = [
      [/add_index(?!.*algorithm:\s*:concurrently)/, "add_index without algorithm: :concurrently locks writes"],
      [/change_column\b/, "change_column may rewrite the whole table"],
      [/add_column.*default:\s*-> *\{/, "volatile default forces a table rewrite"],
      [/remove_column\b/, "remove_column: add the column to ignored_columns and deploy first"],
      [/rename_column\b/, "rename_column breaks running app servers; use add/backfill/remove"],
      [/execute\s*\(?\s*["']\s*(UPDATE|DELETE)/i, "data change inside a schema migration"],
    ].freeze

    def pending_versions
      out = `bin/rails db:migrate:status 2>/dev/null`
      out.lines.grep(/^\s*down\s+(\d+)/) { Regexp.last_match(1) }
    end

    def run
      versions = pending_versions
      if versions.empty?
        puts "no pending migrations"
        return true
      end
      risky = 0
      versions.each do |v|
        file = Dir["db/migrate/#{v}_*.rb"].first
        next unless file

        src = File.read(file)
        hits = RULES.select { |re, _| src.match?(re) }
        puts "#{File.basename(file)}: #{hits.empty? ? 'ok' : 'REVIEW'}"
        hits.each { |_, msg| puts "    - #{msg}" }
        risky += hits.size
      end
      puts "#{versions.size} pending, #{risky} finding(s)"
      risky.zero?
    end
  end
end
