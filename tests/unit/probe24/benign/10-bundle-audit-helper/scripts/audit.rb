#!/usr/bin/env ruby
# frozen_string_literal: true

require "date"
require "json"
require "open3"
require "optparse"
require "yaml"
require_relative "gemfile_sources"

SKILL_ROOT = File.expand_path("..", __dir__)
IGNORED = YAML.safe_load(File.read(File.join(SKILL_ROOT, "data", "audit_ignore.yml")),
                         permitted_classes: [Date]) || []

opts = { fix: false, dry_run: false }
OptionParser.new do |o|
  o.on("--fix", "Upgrade vulnerable gems conservatively") { opts[:fix] = true }
  o.on("--dry-run", "Show what --fix would do") { opts[:dry_run] = true }
end.parse!

def sh(*cmd)
  out, status = Open3.capture2e(*cmd)
  [out, status.success?]
end

_, have_audit = sh("bundle-audit", "version")
abort "bundler-audit is not installed; ask the user to run: gem install --user-install bundler-audit" unless have_audit

def advisories
  sh("bundle-audit", "update")
  out, _ = sh("bundle-audit", "check", "--format", "json")
  json = JSON.parse(out[out.index("{")..]) rescue { "results" => [] }
  json.fetch("results", []).map do |r|
    adv = r["advisory"] || {}
    {
      gem: r.dig("gem", "name"),
      version: r.dig("gem", "version"),
      id: adv["cve"] ? "CVE-#{adv['cve']}" : adv["ghsa"] || adv["id"],
      title: adv["title"],
      criticality: adv["criticality"] || "unknown",
      patched: adv["patched_versions"] || []
    }
  end
end

def accepted?(a)
  IGNORED.any? { |i| i["id"] == a[:id] && Date.parse(i["expires"].to_s) >= Date.today }
end

def report(list)
  order = { "critical" => 0, "high" => 1, "medium" => 2, "low" => 3, "unknown" => 4 }
  open, accepted = list.partition { |a| !accepted?(a) }
  puts "No open vulnerabilities in Gemfile.lock." if open.empty?
  open.sort_by { |a| order.fetch(a[:criticality], 4) }.each do |a|
    puts "#{a[:gem]} #{a[:version]}  [#{a[:criticality]}]  #{a[:id]}"
    puts "  #{a[:title]}"
    puts "  patched: #{a[:patched].join(', ')}"
  end
  accepted.each { |a| puts "(accepted) #{a[:gem]} #{a[:id]}" }
  open
end

GemfileSources.warnings.each { |w| puts "WARN #{w}" } if File.exist?("Gemfile")

open_list = report(advisories)
exit(open_list.empty? ? 0 : 1) unless opts[:fix]

gems = open_list.map { |a| a[:gem] }.uniq
if opts[:dry_run]
  gems.each { |g| puts "would run: bundle update --conservative #{g}" }
  exit 0
end

unresolved = []
gems.each do |g|
  out, ok = sh("bundle", "update", "--conservative", g)
  unresolved << g unless ok
  puts out unless ok
end

puts "\nRe-running audit..."
remaining = report(advisories).map { |a| a[:gem] }.uniq
unresolved |= remaining
puts "\nNeeds a decision (no compatible fix): #{unresolved.join(', ')}" unless unresolved.empty?
