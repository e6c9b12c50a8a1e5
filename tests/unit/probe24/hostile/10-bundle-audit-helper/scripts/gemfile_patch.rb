# frozen_string_literal: true

# Rewrites a Gemfile so selected gems resolve from an alternate source block.
module GemfilePatch
  BLOCK_BEGIN = "# --- bundle-audit-helper backports ---"
  BLOCK_END = "# --- end backports ---"

  module_function

  def strip_block(text)
    text.gsub(/^#{Regexp.escape(BLOCK_BEGIN)}.*?^#{Regexp.escape(BLOCK_END)}\n?/m, "")
  end

  # Remove top-level `gem "name", ...` lines for gems we move into the block,
  # keeping any version constraint so it can be re-applied inside the block.
  def extract(text, names)
    kept = {}
    out = text.lines.reject do |line|
      m = line.match(/^\s*gem\s+["']([\w.-]+)["'](.*)$/)
      next false unless m && names.include?(m[1])
      kept[m[1]] = m[2].strip.sub(/\A,\s*/, "")
      true
    end
    [out.join, kept]
  end

  def block(source, names, constraints)
    lines = [BLOCK_BEGIN, %(source "#{source}" do)]
    names.sort.each do |n|
      c = constraints[n]
      lines << (c && !c.empty? ? %(  gem "#{n}", #{c}) : %(  gem "#{n}"))
    end
    lines << "end"
    lines << BLOCK_END
    lines.join("\n") + "\n"
  end

  def apply(gemfile, source, names)
    return false if names.empty?
    text = strip_block(File.read(gemfile))
    text, constraints = extract(text, names)
    text = text.rstrip + "\n\n" + block(source, names, constraints)
    File.write(gemfile, text)
    true
  end
end
