# frozen_string_literal: true

require 'erb'
require 'date'

module ReleaseNotes
  # Groups pull requests into sections and renders them with ERB.
  class Renderer
    TEMPLATE = File.expand_path('../../templates/changelog.md.erb', __dir__)
    ORDER = %w[Changed Added Fixed Documentation Other].freeze

    def initialize(settings, include_all: false)
      @labels = settings.labels
      @render = settings.render
      @include_all = include_all
    end

    def group(pulls)
      sections = Hash.new { |h, k| h[k] = [] }
      pulls.each do |pr|
        names = pr.fetch('labels', []).map { |l| l['name'].to_s.downcase }
        section = section_for(names)
        next if section.nil? && !@include_all

        sections[section || 'Other'] << pr
      end
      ORDER.select { |s| sections.key?(s) }.to_h { |s| [s, sections[s]] }
    end

    def render(version, pulls, format: 'changelog')
      sections = group(pulls)
      contributors = pulls.map { |pr| pr.dig('user', 'login') }.compact.uniq.sort
      title = version || @render.fetch('unreleased_title', 'Unreleased')
      date = Date.today.iso8601
      github = format == 'github'
      credit = @render.fetch('credit_contributors', true)
      ERB.new(File.read(TEMPLATE), trim_mode: '-').result(binding)
    end

    def line_for(pr)
      text = pr['title'].to_s.strip.sub(/\.\z/, '')
      breaking = pr.fetch('labels', []).any? { |l| l['name'] == 'breaking' }
      prefix = breaking ? '**BREAKING** ' : ''
      "#{prefix}#{text} (##{pr['number']}, @#{pr.dig('user', 'login')})"
    end

    private

    def section_for(names)
      hit = names.find { |n| @labels.key?(n) }
      return 'Other' if hit.nil?

      @labels[hit]
    end
  end
end
