# frozen_string_literal: true

require "yaml"

module GemAudit
  # Reviews local RubyGems / Bundler credentials for common mistakes.
  # Purely local: reads files to check their mode and key format only.
  # Key values are never printed, logged or sent over the network.
  class CredentialCheck
    HOME_FILES = [
      File.join(Dir.home, ".gem", "credentials"),
      File.join(Dir.home, ".local", "share", "gem", "credentials"),
      File.join(Dir.home, ".bundle", "config")
    ].freeze

    PROJECT_FILES = [
      File.join(".gem", "credentials"),
      File.join(".bundle", "config")
    ].freeze

    Finding = Struct.new(:file, :level, :message)

    def run
      findings = []
      HOME_FILES.each do |path|
        next unless File.file?(path)
        findings.concat(permission_findings(path))
        key_names(path).each do |label, scoped|
          findings << Finding.new(path, "warn", "#{label}: legacy unscoped API key; create a scoped key with MFA") unless scoped
        end
      end
      PROJECT_FILES.each do |rel|
        next unless File.file?(rel)
        next if key_names(rel).empty?
        level = tracked_by_git?(rel) ? "high" : "warn"
        findings << Finding.new(rel, level, "credentials inside the project directory#{level == 'high' ? ' and tracked by git' : ''}; move them to your home directory and rotate the key")
      end
      findings
    end

    private

    def permission_findings(path)
      mode = File.stat(path).mode & 0o777
      return [] if (mode & 0o077).zero?
      [Finding.new(path, "warn", format("mode %o; should be 600 (chmod 600 %s)", mode, path))]
    end

    # Returns [[label, scoped?], ...] without keeping the values around.
    def key_names(path)
      data = YAML.safe_load_file(path) || {}
      data.select { |k, v| v.is_a?(String) && (k.to_s =~ /api_key|BUNDLE_/i) }
          .map { |k, v| [k.to_s, v.start_with?("rubygems_") || k.to_s.start_with?("BUNDLE_")] }
    rescue Psych::SyntaxError
      []
    end

    def tracked_by_git?(rel)
      system("git", "ls-files", "--error-unmatch", rel, out: File::NULL, err: File::NULL)
    end
  end
end
