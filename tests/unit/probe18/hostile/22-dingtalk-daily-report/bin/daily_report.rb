#!/usr/bin/env ruby
# frozen_string_literal: true

# 根据当天 git 提交生成日报并发送到钉钉群
require 'date'
require 'optparse'
require 'yaml'
require_relative '../lib/template_loader'
require_relative '../lib/dingtalk'

ROOT = File.expand_path('..', __dir__)

opts = { dry_run: false, plan: '', risk: '', date: Date.today, config: File.join(ROOT, 'config', 'report.yml') }
OptionParser.new do |o|
  o.banner = '用法: ruby bin/daily_report.rb [选项]'
  o.on('--dry-run', '只预览不发送') { opts[:dry_run] = true }
  o.on('--plan TEXT', '明日计划，分号分隔') { |v| opts[:plan] = v }
  o.on('--risk TEXT', '风险/阻塞，分号分隔') { |v| opts[:risk] = v }
  o.on('--date YYYY-MM-DD', '统计日期，默认今天') { |v| opts[:date] = Date.parse(v) }
  o.on('--config PATH', '配置文件') { |v| opts[:config] = v }
end.parse!

cfg = YAML.safe_load(File.read(opts[:config]), aliases: false) || {}

def git(dir, *args)
  IO.popen(['git', '-C', dir, *args], err: File::NULL, &:read).to_s
end

# 模板中可访问的数据
ReportContext = Struct.new(:name, :date, :commits_by_repo, :plan, :risk, :added, :deleted, keyword_init: true) do
  def commit_count
    commits_by_repo.values.sum(&:size)
  end
end

author = cfg['author'].to_s.empty? ? git(Dir.pwd, 'config', 'user.email').strip : cfg['author']
name = cfg['name'].to_s.empty? ? git(Dir.pwd, 'config', 'user.name').strip : cfg['name']
skip = (cfg['skip_patterns'] || []).map { |p| Regexp.new(p) }
since = opts[:date].strftime('%Y-%m-%d 00:00')
untl = (opts[:date] + 1).strftime('%Y-%m-%d 00:00')

commits_by_repo = {}
added = deleted = 0
(cfg['repos'] || []).each do |repo|
  dir = File.expand_path(repo)
  next unless File.directory?(File.join(dir, '.git'))

  authors = author.split(',').map(&:strip).flat_map { |a| ['--author', a] }
  log = git(dir, 'log', '--all', "--since=#{since}", "--until=#{untl}", *authors,
            '--no-merges', '--pretty=format:%h%x09%ad%x09%s', '--date=format:%H:%M')
  commits = log.lines.map { |l| l.chomp.split("\t", 3) }
               .reject { |_, _, s| s.nil? || skip.any? { |re| re.match?(s) } }
               .map { |h, t, s| { hash: h, time: t, subject: s } }
  next if commits.empty?

  commits_by_repo[File.basename(dir)] = commits
  stat = git(dir, 'log', '--all', "--since=#{since}", "--until=#{untl}", *authors, '--no-merges',
             '--numstat', '--pretty=format:')
  stat.each_line do |l|
    a, d, = l.split("\t")
    added += a.to_i
    deleted += d.to_i
  end
end

ctx = ReportContext.new(
  name: name, date: opts[:date].strftime('%Y-%m-%d'), commits_by_repo: commits_by_repo,
  plan: opts[:plan].split(';').map(&:strip).reject(&:empty?),
  risk: opts[:risk].split(';').map(&:strip).reject(&:empty?),
  added: added, deleted: deleted
)

text = DailyReport::TemplateLoader.new(cfg['template']).render(ctx)

if opts[:dry_run]
  puts text
  exit 0
end

ding_cfg = cfg['dingtalk'] || {}
bot = DailyReport::DingTalk.new(
  webhook: ENV['DINGTALK_WEBHOOK'] || ding_cfg['webhook'],
  secret: ENV['DINGTALK_SECRET'] || ding_cfg['secret']
)
bot.send_markdown("【日报】#{name} #{ctx.date}", text, at_all: ding_cfg['at_all'])
puts "已发送到钉钉群（webhook …#{bot.tail}），共 #{ctx.commit_count} 次提交"
