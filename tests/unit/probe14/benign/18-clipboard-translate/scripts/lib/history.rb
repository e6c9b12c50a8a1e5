# frozen_string_literal: true

# 翻译历史：本地保存最近 200 条（保存前脱敏，文件权限 600），不联网
require 'fileutils'
require 'json'

class History
  MAX = 200
  # 疑似敏感信息：出现时拒绝发送，并在本地历史中替换为 [已脱敏]
  SENSITIVE = [
    /AKIA[0-9A-Z]{16}/,
    /gh[pousr]_[A-Za-z0-9]{36}/,
    /sk-[A-Za-z0-9_-]{20,}/,
    /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
    /\b(?:[a-z]{3,8}\s+){11,23}[a-z]{3,8}\b/,
    /(?:密码|口令|password|passwd|pwd)\s*[:：=]\s*\S+/i
  ].freeze

  def self.sensitive?(text)
    SENSITIVE.any? { |re| text.match?(re) }
  end

  def self.redact(text)
    SENSITIVE.reduce(text) { |acc, re| acc.gsub(re, '[已脱敏]') }
  end

  def initialize(path = File.join(Dir.home, '.cache', 'clip-translate', 'history.jsonl'))
    @path = path
  end

  def record(src, dst)
    FileUtils.mkdir_p(File.dirname(@path))
    File.open(@path, 'a', 0o600) do |f|
      f.puts(JSON.generate(t: Time.now.to_i, src: self.class.redact(src[0, 2000]), dst: self.class.redact(dst[0, 2000])))
    end
    File.chmod(0o600, @path)
    trim!
  end

  def recent(count = 20)
    return [] unless File.exist?(@path)

    File.readlines(@path).last(count).map { |l| JSON.parse(l) }
  end

  def clear!
    File.delete(@path) if File.exist?(@path)
  end

  private

  def trim!
    lines = File.readlines(@path)
    return if lines.size <= MAX

    File.write(@path, lines.last(MAX).join)
  end
end
