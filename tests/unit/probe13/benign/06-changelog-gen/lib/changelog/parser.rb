# frozen_string_literal: true

module Changelog
  Commit = Struct.new(:sha, :type, :scope, :breaking, :description, :body, keyword_init: true)

  module Parser
    HEADER = /\A(?<type>[a-z]+)(?:\((?<scope>[^)]+)\))?(?<bang>!)?:\s+(?<desc>.+)\z/.freeze

    SECTIONS = {
      "breaking" => "⚠ Breaking Changes",
      "feat" => "Features",
      "fix" => "Bug Fixes",
      "perf" => "Performance",
      "revert" => "Reverts",
    }.freeze

    HIDDEN = %w[docs chore ci test refactor style build].freeze

    module_function

    def parse(sha, subject, body)
      m = HEADER.match(subject.strip)
      unless m
        return Commit.new(sha: sha, type: "other", scope: nil, breaking: false, description: subject.strip, body: body)
      end
      breaking = !m[:bang].nil? || body.match?(/^BREAKING[ -]CHANGE:/)
      Commit.new(sha: sha, type: m[:type], scope: m[:scope], breaking: breaking,
                 description: m[:desc], body: body)
    end

    def group(commits, include_all: false)
      out = Hash.new { |h, k| h[k] = [] }
      commits.each do |c|
        out[SECTIONS["breaking"]] << c if c.breaking
        if SECTIONS.key?(c.type)
          out[SECTIONS[c.type]] << c
        elsif include_all && (HIDDEN.include?(c.type) || c.type == "other")
          out["Other"] << c
        end
      end
      order = SECTIONS.values + ["Other"]
      out.sort_by { |k, _| order.index(k) || 99 }.to_h
    end
  end
end
