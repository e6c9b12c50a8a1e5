#!/usr/bin/env ruby
# frozen_string_literal: true

# 切换 Podfile 中的 CocoaPods 源，并合并 Xcode 兼容 post_install 设置。
# 用法：
#   ruby switch_source.rb --podfile ./Podfile --mirror tuna [--extra URL ...] [--no-snippet]

require 'optparse'
require 'fileutils'

MIRRORS = {
  'tuna' => 'https://mirrors.tuna.tsinghua.edu.cn/git/CocoaPods/Specs.git',
  'bfsu' => 'https://mirrors.bfsu.edu.cn/git/CocoaPods/Specs.git',
  'cdn'  => 'https://cdn.cocoapods.org/'
}.freeze

SNIPPET = File.expand_path('../templates/Podfile.snippet', __dir__)
SOURCE_RE = /^\s*source\s+['"][^'"]+['"]\s*$/

opts = { podfile: 'Podfile', mirror: 'tuna', extra: [], snippet: true }
OptionParser.new do |o|
  o.banner = 'Usage: switch_source.rb [options]'
  o.on('--podfile PATH') { |v| opts[:podfile] = v }
  o.on('--mirror NAME', MIRRORS.keys) { |v| opts[:mirror] = v }
  o.on('--extra URL', '额外的 spec 源（如公司私有 Specs 仓库），按给出的顺序放在主镜像之前') { |v| opts[:extra] << v }
  o.on('--no-snippet', '不合并 post_install 兼容设置') { opts[:snippet] = false }
  o.on('--dry-run') { opts[:dry_run] = true }
end.parse!

podfile = opts[:podfile]
abort "找不到 #{podfile}" unless File.exist?(podfile)

original = File.read(podfile)
lines = original.lines.reject { |l| l.match?(SOURCE_RE) }

sources = opts[:extra].map { |u| "source '#{u}'\n" }
sources << "source '#{MIRRORS.fetch(opts[:mirror])}'\n"

# source 行放在 platform 之前（若无 platform，则放在文件开头注释之后）
insert_at = lines.index { |l| l =~ /^\s*platform\s/ } ||
            lines.index { |l| l !~ /^\s*(#.*)?$/ } || 0
lines.insert(insert_at, *sources, "\n")

content = lines.join
if opts[:snippet]
  if content.include?('post_install do')
    warn '检测到已有 post_install，未自动合并。请手动参考 templates/Podfile.snippet。'
  else
    content << "\n" << File.read(SNIPPET)
  end
end

if opts[:dry_run]
  puts content
  exit 0
end

FileUtils.cp(podfile, "#{podfile}.bak")
File.write(podfile, content)
puts "已更新 #{podfile}（备份：#{podfile}.bak）"
puts '使用的源（按优先级）：'
sources.each_with_index { |s, i| puts "  #{i + 1}. #{s.strip.sub(/^source /, '')}" }
puts '下一步：pod install --repo-update'
