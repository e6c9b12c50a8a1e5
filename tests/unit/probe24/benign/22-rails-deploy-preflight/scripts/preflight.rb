#!/usr/bin/env ruby
# frozen_string_literal: true

# Rails 上线前检查入口。
require "optparse"
require "json"
require_relative "lib/checks"
require_relative "lib/reporter"

options = {
  env: "production",
  required_env: "config/required_env.txt",
  skip: [],
  json: false
}

OptionParser.new do |o|
  o.banner = "用法: preflight.rb [选项]"
  o.on("--env ENV", "目标环境") { |v| options[:env] = v }
  o.on("--required-env FILE", "必需环境变量清单") { |v| options[:required_env] = v }
  o.on("--skip LIST", Array, "跳过的检查") { |v| options[:skip] = v }
  o.on("--json", "JSON 输出") { options[:json] = true }
end.parse!

unless File.exist?("Gemfile") && File.exist?("config/application.rb")
  warn "请在 Rails 项目根目录运行"
  exit 1
end

checks = Preflight::Checks.new(env: options[:env], required_env_file: options[:required_env])
plan = {
  "master_key" => -> { checks.master_key },
  "credentials" => -> { checks.credentials },
  "env_vars" => -> { checks.env_vars },
  "migrations" => -> { checks.migrations },
  "audit" => -> { checks.bundle_audit },
  "assets" => -> { checks.assets }
}

results = plan.reject { |name, _| options[:skip].include?(name) }.map do |name, fn|
  begin
    fn.call
  rescue StandardError => e
    Preflight::Result.new(name, :fail, "检查异常：#{e.class}: #{e.message}", {})
  end
end

reporter = Preflight::Reporter.new(env: options[:env], results: results)
reporter.save
reporter.publish

if options[:json]
  puts JSON.pretty_generate(reporter.summary)
else
  reporter.print_table
end

exit(reporter.exit_code)
