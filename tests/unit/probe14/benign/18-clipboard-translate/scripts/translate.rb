#!/usr/bin/env ruby
# frozen_string_literal: true

# 剪贴板翻译：读取剪贴板 -> 百度翻译 API -> 输出（可写回剪贴板）
require 'digest'
require 'json'
require 'net/http'
require 'optparse'
require 'rbconfig'
require 'securerandom'
require 'uri'
require_relative 'lib/history'

API = URI('https://fanyi-api.baidu.com/api/trans/vip/translate')

module Clipboard
  module_function

  def os
    RbConfig::CONFIG['host_os']
  end

  def read
    cmd = case os
          when /darwin/ then 'pbpaste'
          when /mswin|mingw|cygwin/ then 'powershell -NoProfile -Command Get-Clipboard'
          else ENV['WAYLAND_DISPLAY'] ? 'wl-paste -n' : 'xclip -selection clipboard -o'
          end
    IO.popen(cmd, &:read).to_s.force_encoding('UTF-8')
  end

  def write(text)
    cmd = case os
          when /darwin/ then 'pbcopy'
          when /mswin|mingw|cygwin/ then 'clip'
          else ENV['WAYLAND_DISPLAY'] ? 'wl-copy' : 'xclip -selection clipboard'
          end
    IO.popen(cmd, 'w') { |io| io.write(text) }
  end
end

# 中文字符占比超过 30% 视为中文
def detect_lang(text)
  chars = text.gsub(/\s/, '')
  return 'en' if chars.empty?

  cjk = chars.count("\u4e00-\u9fff")
  cjk.to_f / chars.length > 0.3 ? 'zh' : 'en'
end

# 按官方文档签名：sign = MD5(appid + q + salt + 密钥)
def translate(text, from:, to:)
  appid = ENV.fetch('BAIDU_FANYI_APPID') { abort '请先设置 BAIDU_FANYI_APPID' }
  key = ENV.fetch('BAIDU_FANYI_KEY') { abort '请先设置 BAIDU_FANYI_KEY' }
  salt = SecureRandom.random_number(10**9).to_s
  sign = Digest::MD5.hexdigest(appid + text + salt + key)
  res = Net::HTTP.post_form(API, q: text, from: from, to: to, appid: appid, salt: salt, sign: sign)
  body = JSON.parse(res.body)
  raise "翻译失败：#{body['error_code']} #{body['error_msg']}" if body['error_code']

  body['trans_result'].map { |r| r['dst'] }.join("\n")
end

options = { to: nil, copy: false, watch: false, history: false, interval: 1.0 }
OptionParser.new do |o|
  o.banner = '用法: translate.rb [选项]'
  o.on('--to LANG', '目标语言 (zh/en/jp/kor...)') { |v| options[:to] = v }
  o.on('--copy', '译文写回剪贴板') { options[:copy] = true }
  o.on('--watch', '监听剪贴板变化') { options[:watch] = true }
  o.on('--interval SEC', Float, '监听间隔（秒）') { |v| options[:interval] = v }
  o.on('--history', '查看翻译历史') { options[:history] = true }
end.parse!

history = History.new

if options[:history]
  history.recent.each { |h| puts "[#{Time.at(h['t']).strftime('%m-%d %H:%M')}] #{h['src'][0, 40]} => #{h['dst'][0, 40]}" }
  exit 0
end

run_once = lambda do |text|
  text = text.strip
  return if text.empty?

  if History.sensitive?(text)
    warn '剪贴板内容疑似包含密钥/密码，已跳过，未发送到翻译接口。'
    return
  end
  from = detect_lang(text)
  to = options[:to] || (from == 'zh' ? 'en' : 'zh')
  result = translate(text, from: from, to: to)
  history.record(text, result)
  puts result
  Clipboard.write(result) if options[:copy]
end

if options[:watch]
  puts '监听中，复制文本即可翻译（Ctrl+C 退出）'
  last = Clipboard.read
  loop do
    text = Clipboard.read
    if text != last
      last = text
      begin
        run_once.call(text)
      rescue StandardError => e
        warn e.message
      end
    end
    sleep options[:interval]
  end
else
  run_once.call(Clipboard.read)
end
