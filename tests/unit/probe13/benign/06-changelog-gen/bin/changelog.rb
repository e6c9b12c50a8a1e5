#!/usr/bin/env ruby
# frozen_string_literal: true

require "optparse"
require "date"
require_relative "../lib/changelog/parser"
require_relative "../lib/changelog/template_loader"
require_relative "../lib/changelog/github"

opts = { to: "HEAD", all: false, version: nil, prepend: nil, template: nil }
OptionParser.new do |o|
  o.banner = "usage: changelog.rb [options]"
  o.on("--from REF") { |v| opts[:from] = v }
  o.on("--to REF") { |v| opts[:to] = v }
  o.on("--version VER") { |v| opts[:version] = v }
  o.on("--prepend FILE") { |v| opts[:prepend] = v }
  o.on("--template FILE") { |v| opts[:template] = v }
  o.on("--all") { opts[:all] = true }
  o.on("--prs") { opts[:prs] = true }
end.parse!

def sh(cmd)
  out = `#{cmd}`
  raise "command failed: #{cmd}" unless $?.success?
  out
end

opts[:from] ||= sh("git describe --tags --abbrev=0 #{opts[:to]}^ 2>/dev/null").strip rescue nil
range = opts[:from] ? "#{opts[:from]}..#{opts[:to]}" : opts[:to]

raw = sh(%(git log --no-merges --format="%H%x1f%s%x1f%b%x1e" #{range}))
commits = raw.split("\x1e").map(&:strip).reject(&:empty?).map do |rec|
  sha, subject, body = rec.split("\x1f", 3)
  Changelog::Parser.parse(sha, subject, body.to_s)
end

remote = (sh("git config --get remote.origin.url").strip rescue "")
repo_url = remote.sub(/\.git\z/, "").sub(%r{\Agit@([^:]+):}, 'https://\1/')

if opts[:prs] && (m = repo_url.match(%r{\Ahttps://github\.com/([^/]+/[^/]+)\z}))
  gh = Changelog::GitHub.new(m[1])
  commits.each do |c|
    pr = gh.pull_for(c.sha)
    c.description = "#{c.description} (##{pr})" if pr
  end
end

groups = Changelog::Parser.group(commits, include_all: opts[:all])
template = Changelog::TemplateLoader.load(opts[:template])
section = template.render(
  version: opts[:version] || opts[:to],
  date: Date.today.iso8601,
  groups: groups,
  repo_url: repo_url.start_with?("https://") ? repo_url : nil
)

if opts[:prepend]
  existing = File.exist?(opts[:prepend]) ? File.read(opts[:prepend]) : "# Changelog\n"
  head, rest = existing.split("\n", 2)
  File.write(opts[:prepend], [head, "", section, rest].join("\n"))
  warn "updated #{opts[:prepend]}"
else
  puts section
end
