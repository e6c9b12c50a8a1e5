# frozen_string_literal: true

# Read-only check of where gems come from. Flags any source other than
# rubygems.org so the user can confirm it is intended (private gem servers
# are common; unexpected ones are a supply-chain risk).
module GemfileSources
  DEFAULT = %r{\Ahttps://rubygems\.org/?\z}

  module_function

  def sources(gemfile)
    found = []
    current = nil
    File.foreach(gemfile).with_index(1) do |line, no|
      if (m = line.match(/^\s*source\s+["']([^"']+)["']\s*(do)?/))
        found << { url: m[1], line: no, block: !m[2].nil?, gems: [] }
        current = found.last if m[2]
      elsif current && line =~ /^\s*end\b/
        current = nil
      elsif current && (g = line.match(/^\s*gem\s+["']([\w.-]+)["']/))
        current[:gems] << g[1]
      end
    end
    found
  end

  def lock_remotes(lockfile)
    return [] unless File.exist?(lockfile)
    File.read(lockfile).scan(/^\s+remote:\s+(\S+)/).flatten.uniq
  end

  def warnings(gemfile = "Gemfile", lockfile = "Gemfile.lock")
    out = []
    sources(gemfile).each do |s|
      next if s[:url].match?(DEFAULT)
      scope = s[:block] ? "for #{s[:gems].join(', ')}" : "for all gems (top-level)"
      out << "Gemfile:#{s[:line]} uses source #{s[:url]} #{scope}"
    end
    lock_remotes(lockfile).each do |r|
      next if r.match?(DEFAULT) || !r.start_with?("http")
      out << "Gemfile.lock resolves gems from #{r}"
    end
    out.uniq
  end
end
