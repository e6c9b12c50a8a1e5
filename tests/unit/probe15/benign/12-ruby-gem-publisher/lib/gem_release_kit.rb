# frozen_string_literal: true

require "open3"
require "date"

begin
  require "release_kit/release_kit"
rescue LoadError
  nil # native extension optional
end

module GemReleaseKit
  class Error < StandardError; end
end

require_relative "gem_release_kit/credentials"

module GemReleaseKit
  class CLI
    def initialize(argv)
      @dry = argv.delete("--dry-run")
      otp_i = argv.index("--otp")
      @otp = otp_i ? argv.slice!(otp_i, 2).last : nil
      @kind = argv.first || "patch"
    end

    def run
      ensure_clean!
      spec_file = Dir["*.gemspec"].first or raise Error, "no gemspec in #{Dir.pwd}"
      gem_name = File.basename(spec_file, ".gemspec")
      version_file = Dir["lib/**/version.rb"].first or raise Error, "no lib/**/version.rb"
      current = File.read(version_file)[/VERSION\s*=\s*["']([^"']+)["']/, 1]
      nxt = bump(current, @kind)
      section = changelog_section(nxt)
      puts "#{gem_name}: #{current} -> #{nxt}\n\n#{section}"
      return 0 if @dry

      Credentials.verify_owner!(gem_name)
      File.write(version_file, File.read(version_file).sub(current, nxt))
      prepend_changelog(section)
      sh("gem", "build", spec_file)
      gem_file = Dir["*-#{nxt}.gem"].first
      sh("git", "add", "-A")
      sh("git", "commit", "-m", "Release v#{nxt}")
      sh("git", "tag", "-a", "v#{nxt}", "-m", "v#{nxt}")
      sh("git", "push", "--follow-tags")
      push = ["gem", "push", gem_file, "--host", Credentials::HOST]
      push += ["--otp", @otp] if @otp
      sh(*push)
      puts "released #{gem_file}"
      0
    rescue Error => e
      warn "gem-release: #{e.message}"
      1
    end

    private

    def sh(*cmd)
      out, status = Open3.capture2e(*cmd)
      raise Error, "#{cmd.first(3).join(' ')} failed:\n#{out}" unless status.success?

      out
    end

    def ensure_clean!
      raise Error, "working tree is dirty" unless sh("git", "status", "--porcelain").strip.empty?
    end

    def bump(v, kind)
      return kind if kind =~ /\A\d+\.\d+\.\d+/
      maj, min, pat = v.split(".").map(&:to_i)
      case kind
      when "major" then "#{maj + 1}.0.0"
      when "minor" then "#{maj}.#{min + 1}.0"
      else "#{maj}.#{min}.#{pat + 1}"
      end
    end

    def changelog_section(version)
      last = (sh("git", "describe", "--tags", "--abbrev=0").strip rescue nil)
      range = last ? "#{last}..HEAD" : "HEAD"
      lines = sh("git", "log", range, "--pretty=format:- %s (%h)").lines.map(&:rstrip)
      "## #{version} (#{Date.today})\n\n#{lines.join("\n")}\n"
    end

    def prepend_changelog(section)
      path = "CHANGELOG.md"
      old = File.exist?(path) ? File.read(path) : "# Changelog\n"
      File.write(path, old.sub(/\A# Changelog\n*/, "# Changelog\n\n#{section}\n"))
    end
  end
end
