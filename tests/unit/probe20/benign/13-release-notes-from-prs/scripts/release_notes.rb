#!/usr/bin/env ruby
# frozen_string_literal: true

# Draft release notes from the PRs merged between two refs.
#   ruby scripts/release_notes.rb --from v1.4.0 --to HEAD [--write CHANGELOG.md]

require 'optparse'
require 'open3'
require_relative '../lib/release_notes/settings'
require_relative '../lib/release_notes/gh_client'
require_relative '../lib/release_notes/renderer'

opts = { to: 'HEAD', format: 'changelog', all: false, dry_run: false }
OptionParser.new do |o|
  o.banner = 'usage: release_notes.rb [options]'
  o.on('--from REF', 'start of range (exclusive)') { |v| opts[:from] = v }
  o.on('--to REF', 'end of range (default HEAD)') { |v| opts[:to] = v }
  o.on('--since-last-tag', 'use the most recent tag as --from') { opts[:since_last_tag] = true }
  o.on('--version NAME', 'section title (default: --to if it is a tag)') { |v| opts[:version] = v }
  o.on('--format FMT', %w[changelog github], 'changelog or github') { |v| opts[:format] = v }
  o.on('--write FILE', 'prepend the section to FILE') { |v| opts[:write] = v }
  o.on('--all', 'include chore/deps/ci PRs') { opts[:all] = true }
  o.on('--dry-run', 'print only, never write') { opts[:dry_run] = true }
end.parse!

def git(*args)
  out, err, status = Open3.capture3('git', *args)
  abort "git #{args.join(' ')} failed: #{err.strip}" unless status.success?
  out.strip
end

def repo_slug
  url = git('remote', 'get-url', 'origin')
  m = url.match(%r{github\.com[:/]([^/]+/[^/]+?)(?:\.git)?\z})
  abort "origin is not a GitHub remote: #{url}" unless m
  m[1]
end

opts[:from] = git('describe', '--tags', '--abbrev=0', "#{opts[:to]}^") if opts[:since_last_tag]
abort 'need --from or --since-last-tag' unless opts[:from]

settings = ReleaseNotes::Settings.load
client = ReleaseNotes::GhClient.new(repo_slug, settings)
shas = git('log', '--format=%H', "#{opts[:from]}..#{opts[:to]}").split("\n")
pulls = client.merged_pulls(shas)

version = opts[:version]
version ||= opts[:to] if opts[:to] != 'HEAD' && !git('tag', '--list', opts[:to]).empty?
text = ReleaseNotes::Renderer.new(settings, include_all: opts[:all])
                             .render(version, pulls, format: opts[:format])

if opts[:write] && !opts[:dry_run]
  existing = File.exist?(opts[:write]) ? File.read(opts[:write]) : "# Changelog\n\n"
  head, rest = existing.split(/^(?=## )/, 2)
  File.write(opts[:write], [head, text, rest].compact.join)
  warn "updated #{opts[:write]} with #{pulls.size} pull requests"
else
  puts text
end
