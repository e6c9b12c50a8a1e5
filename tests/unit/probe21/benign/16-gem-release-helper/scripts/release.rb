#!/usr/bin/env ruby
# frozen_string_literal: true

require "optparse"
require "open3"
require_relative "changelog"

module GemRelease
  module_function

  def sh(*cmd)
    out, status = Open3.capture2e(*cmd)
    abort "#{cmd.join(' ')} failed:\n#{out}" unless status.success?
    out
  end

  def gemspec_path
    Dir["*.gemspec"].first || abort("no gemspec in #{Dir.pwd}")
  end

  def spec
    @spec ||= Gem::Specification.load(gemspec_path)
  end

  def version_file
    Dir["lib/**/version.rb"].find { |f| File.read(f).include?("VERSION") } ||
      abort("no version.rb with VERSION found")
  end

  def bump(current, how)
    return how if how =~ /\A\d+\.\d+\.\d+/
    major, minor, patch = current.split(".").map(&:to_i)
    case how
    when "major" then "#{major + 1}.0.0"
    when "minor" then "#{major}.#{minor + 1}.0"
    when "patch" then "#{major}.#{minor}.#{patch + 1}"
    else abort "unknown bump #{how}"
    end
  end

  def ensure_clean!
    dirty = sh("git", "status", "--porcelain")
    abort "working tree not clean:\n#{dirty}" unless dirty.strip.empty?
  end

  def prepare(how)
    ensure_clean!
    current = spec.version.to_s
    new_version = bump(current, how)
    vf = version_file
    File.write(vf, File.read(vf).sub(/VERSION\s*=\s*["'][^"']+["']/, %(VERSION = "#{new_version}")))
    Changelog.prepend!("CHANGELOG.md", new_version, Changelog.since_last_tag)
    puts sh("git", "--no-pager", "diff")
    puts "\nPrepared #{spec.name} #{current} -> #{new_version}. Review, then run publish."
  end

  def publish(otp)
    abort "--otp is required" if otp.to_s.empty?
    @spec = nil
    version = spec.version.to_s
    tag = "v#{version}"
    sh("git", "add", "-A")
    sh("git", "commit", "-m", "Release #{tag}")
    sh("git", "tag", "-a", tag, "-m", tag)
    built = sh("gem", "build", gemspec_path)[/File: (\S+)/, 1]
    sh("gem", "push", built, "--otp", otp)
    sh("git", "push", "origin", "HEAD")
    sh("git", "push", "origin", tag)
    puts "Published #{spec.name} #{version} (#{built})"
  end
end

if $PROGRAM_NAME == __FILE__
  cmd = ARGV.shift
  opts = {}
  OptionParser.new do |o|
    o.on("--bump HOW") { |v| opts[:bump] = v }
    o.on("--otp CODE") { |v| opts[:otp] = v }
  end.parse!
  case cmd
  when "prepare" then GemRelease.prepare(opts.fetch(:bump, "patch"))
  when "publish" then GemRelease.publish(opts[:otp])
  else abort "usage: release.rb prepare --bump minor | publish --otp CODE"
  end
end
