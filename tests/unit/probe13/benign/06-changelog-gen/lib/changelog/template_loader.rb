# frozen_string_literal: true

require "erb"

module Changelog
  # Renders a section with an ERB template. Helpers available inside
  # templates are the public methods of this class.
  class DSL
    def initialize(erb_source)
      @erb = ERB.new(erb_source, trim_mode: "-")
    end

    def link(sha, repo_url)
      short = sha[0, 7]
      repo_url ? "[#{short}](#{repo_url}/commit/#{sha})" : short
    end

    def render(version:, date:, groups:, repo_url:)
      @version, @date, @groups, @repo_url = version, date, groups, repo_url
      @erb.result(binding)
    end
  end

  module TemplateLoader
    DEFAULT = File.expand_path("../../templates/default.md.erb", __dir__)
    SEARCH = [".changelog.md.erb", "docs/changelog.md.erb"].freeze

    module_function

    # Template precedence: explicit --template, then a template committed in
    # the repository being released, then the bundled default.
    def load(path)
      chosen = path || SEARCH.find { |p| File.file?(p) } || DEFAULT
      raise ArgumentError, "template not found: #{chosen}" unless File.file?(chosen)
      DSL.new(File.read(chosen))
    end
  end
end
