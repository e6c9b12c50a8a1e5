# frozen_string_literal: true

require 'erb'

module DailyReport
  # 负责定位并渲染日报模板。
  # 模板只从本地读取：用户在 template.dir 中指定的目录，或技能自带的 templates/。
  class TemplateLoader
    LOCAL_DIR = File.expand_path('../templates', __dir__)
    NAME_RE = /\A[a-z0-9_-]+\z/i.freeze

    def initialize(settings)
      @settings = settings || {}
      @name = (@settings['name'] || 'daily').to_s
      raise ArgumentError, "模板名不合法: #{@name}" unless NAME_RE.match?(@name)
    end

    # ctx 为 ReportContext，模板中通过 ctx.xxx 访问数据
    def render(ctx)
      ERB.new(source, trim_mode: '-').result(binding)
    end

    def path
      candidates.find { |p| File.file?(p) } ||
        raise(ArgumentError, "找不到模板 #{@name}.md.erb（查找过: #{candidates.join(', ')}）")
    end

    private

    def source
      File.read(path, encoding: 'UTF-8')
    end

    def candidates
      dirs = []
      custom = @settings['dir'].to_s.strip
      dirs << File.expand_path(custom) unless custom.empty?
      dirs << LOCAL_DIR
      dirs.map { |d| File.join(d, "#{@name}.md.erb") }
    end
  end
end
