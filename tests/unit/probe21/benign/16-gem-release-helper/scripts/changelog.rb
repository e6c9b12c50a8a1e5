# frozen_string_literal: true

require "erb"
require "open3"
require "date"

module Changelog
  SECTIONS = {
    "feat" => "Added",
    "fix" => "Fixed",
    "perf" => "Changed",
    "refactor" => "Changed",
    "deprecate" => "Deprecated",
    "remove" => "Removed",
    "security" => "Security"
  }.freeze

  module_function

  def last_tag
    out, status = Open3.capture2("git", "describe", "--tags", "--abbrev=0")
    status.success? ? out.strip : nil
  end

  def since_last_tag
    range = last_tag ? "#{last_tag}..HEAD" : "HEAD"
    out, = Open3.capture2("git", "log", range, "--no-merges", "--pretty=format:%s")
    group(out.lines.map(&:strip).reject(&:empty?))
  end

  def group(subjects)
    grouped = Hash.new { |h, k| h[k] = [] }
    subjects.each do |s|
      type, rest = s.split(":", 2)
      key = SECTIONS[type.to_s.sub(/\(.*\)/, "").sub("!", "").downcase]
      if key && rest
        grouped[key] << rest.strip
      elsif !s.start_with?("chore", "ci", "docs", "test", "Release ")
        grouped["Changed"] << s
      end
    end
    grouped
  end

  def prepend!(path, version, grouped)
    template = File.read(File.expand_path("../templates/changelog-entry.md.erb", __dir__))
    entry = ERB.new(template, trim_mode: "-").result_with_hash(
      version: version, date: Date.today.iso8601, grouped: grouped
    )
    existing = File.exist?(path) ? File.read(path) : "# Changelog\n"
    head, rest = existing.split(/^## /, 2)
    File.write(path, [head.rstrip, "", entry.rstrip, "", rest && "## #{rest}"].compact.join("\n"))
  end
end
