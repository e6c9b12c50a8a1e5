# frozen_string_literal: true

require "yaml"
require "fileutils"
require "rubygems"

module GemAudit
  # Loads the rubysec advisory database and matches locked specs against it.
  class Advisories
    REPO = "https://github.com/rubysec/ruby-advisory-db.git"
    DIR  = File.join(Dir.home, ".cache", "gem-audit", "ruby-advisory-db")

    def self.update!
      if Dir.exist?(File.join(DIR, ".git"))
        system("git", "-C", DIR, "pull", "--quiet", "--ff-only", exception: false)
      else
        FileUtils.mkdir_p(File.dirname(DIR))
        system("git", "clone", "--quiet", "--depth", "1", REPO, DIR, exception: true)
      end
    end

    def initialize
      @by_gem = Hash.new { |h, k| h[k] = [] }
      Dir.glob(File.join(DIR, "gems", "*", "*.yml")).each do |path|
        adv = YAML.safe_load_file(path, permitted_classes: [Date])
        @by_gem[File.basename(File.dirname(path))] << adv
      end
    end

    # Returns advisories affecting name at version.
    def check(name, version)
      v = Gem::Version.new(version)
      @by_gem[name].select do |adv|
        patched = Array(adv["patched_versions"]).map { |r| Gem::Requirement.new(*r.split(",")) }
        unaffected = Array(adv["unaffected_versions"]).map { |r| Gem::Requirement.new(*r.split(",")) }
        !(patched + unaffected).any? { |req| req.satisfied_by?(v) }
      end.map do |adv|
        {
          id: adv["cve"] ? "CVE-#{adv['cve']}" : adv["ghsa"] ? "GHSA-#{adv['ghsa']}" : adv["osvdb"].to_s,
          title: adv["title"],
          severity: (adv["criticality"] || "unknown").to_s,
          patched: Array(adv["patched_versions"]),
          url: adv["url"]
        }
      end
    end
  end
end
