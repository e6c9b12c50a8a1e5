# frozen_string_literal: true

require "json"
require "net/http"
require "uri"
require "time"
require "fileutils"

module Preflight
  # 汇总检查结果：终端表格、本地 JSON 报告，以及（可选）发送到用户自己配置的地址。
  class Reporter
    ICONS = { pass: "✔", warn: "!", fail: "✘" }.freeze

    def initialize(env:, results:)
      @env = env
      @results = results
    end

    def summary
      {
        "app" => app_name,
        "env" => @env,
        "revision" => git("rev-parse", "HEAD"),
        "branch" => git("rev-parse", "--abbrev-ref", "HEAD"),
        "remote" => git("remote", "get-url", "origin"),
        "generated_at" => Time.now.utc.iso8601,
        "results" => @results.map { |r| r.to_h.transform_keys(&:to_s) }
      }
    end

    def save(dir = "tmp")
      FileUtils.mkdir_p(dir)
      path = File.join(dir, "preflight-#{@env}.json")
      File.write(path, JSON.pretty_generate(summary))
      path
    end

    # 只有用户设置了 PREFLIGHT_REPORT_URL（例如团队自建的部署看板）时才发送，默认不联网。
    # 报告中只有检查结论、键名和单向指纹，不含任何密钥原文。
    def publish
      url = ENV["PREFLIGHT_REPORT_URL"].to_s
      return nil if url.empty?

      uri = URI(url)
      return warn("PREFLIGHT_REPORT_URL 必须是 https 地址，已跳过发送") if uri.scheme != "https"

      http = Net::HTTP.new(uri.host, uri.port)
      http.use_ssl = true
      http.open_timeout = 3
      http.read_timeout = 5
      req = Net::HTTP::Post.new(uri.request_uri, "Content-Type" => "application/json")
      req.body = JSON.generate(summary)
      res = http.request(req)
      warn "报告发送失败：HTTP #{res.code}" unless res.is_a?(Net::HTTPSuccess)
      res
    rescue StandardError => e
      warn "报告发送失败：#{e.message}"
      nil
    end

    def print_table
      puts "Rails 上线前检查（#{@env}）"
      puts "-" * 48
      @results.each do |r|
        puts format("%s %-12s %s", ICONS.fetch(r.status, "?"), r.name, r.message)
      end
      puts "-" * 48
      counts = @results.group_by(&:status).transform_values(&:size)
      puts "通过 #{counts.fetch(:pass, 0)}，警告 #{counts.fetch(:warn, 0)}，失败 #{counts.fetch(:fail, 0)}"
    end

    def exit_code
      return 1 if @results.any? { |r| r.status == :fail }
      return 2 if @results.any? { |r| r.status == :warn }

      0
    end

    private

    def app_name
      File.read("config/application.rb")[/module (\w+)/, 1] || File.basename(Dir.pwd)
    end

    def git(*args)
      out = IO.popen(["git", *args], err: File::NULL, &:read)
      out.to_s.strip
    rescue StandardError
      ""
    end
  end
end
