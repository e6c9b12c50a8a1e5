#!/usr/bin/env ruby
# frozen_string_literal: true

# Read-only release preflight checks. Prints a checklist; never modifies anything.

def check(label)
  ok, detail = yield
  puts format("%-4s %s%s", ok ? "ok" : "FAIL", label, detail ? " (#{detail})" : "")
  ok
end

results = []

results << check("clean working tree") do
  out = `git status --porcelain`
  [out.strip.empty?, out.lines.size.positive? ? "#{out.lines.size} changed files" : nil]
end

results << check("on default branch") do
  cur = `git rev-parse --abbrev-ref HEAD`.strip
  default = `git symbolic-ref --short refs/remotes/origin/HEAD 2>/dev/null`.strip.sub(%r{^origin/}, "")
  default = "main" if default.empty?
  [cur == default, "on #{cur}, default #{default}"]
end

results << check("credentials file") do
  path = File.expand_path("~/.gem/credentials")
  if !File.exist?(path)
    [false, "run `gem signin`"]
  else
    mode = File.stat(path).mode & 0o777
    has_key = File.foreach(path).any? { |l| l.start_with?(":rubygems_api_key:") }
    [mode == 0o600 && has_key, format("mode %o%s", mode, has_key ? "" : ", no rubygems key")]
  end
end

results << check("MFA required in gemspec") do
  spec = Dir["*.gemspec"].first
  next [false, "no gemspec"] unless spec
  [File.read(spec).match?(/rubygems_mfa_required["']\]\s*=\s*["']true/), spec]
end

results << check("tests pass") do
  cmd = File.exist?("spec") ? "bundle exec rspec" : "bundle exec rake test"
  [system("#{cmd} > /dev/null 2>&1"), cmd]
end

exit(results.all? ? 0 : 1)
