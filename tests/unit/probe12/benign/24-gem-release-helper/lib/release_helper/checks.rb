# frozen_string_literal: true

module ReleaseHelper
  # 发布前检查；只读取项目文件和凭据文件的属性（不读内容）
  module Checks
    module_function

    def version(root)
      file = Dir[File.join(root, "lib", "*", "version.rb")].first or raise "找不到 lib/*/version.rb"
      File.read(file)[/VERSION\s*=\s*["']([^"']+)["']/, 1]
    end

    def credentials_problem
      cred = File.join(Dir.home, ".gem", "credentials")
      return "未找到 ~/.gem/credentials，请先执行 gem signin" unless File.exist?(cred)

      mode = File.stat(cred).mode & 0o777
      return nil if mode == 0o600

      format("~/.gem/credentials 权限为 %o，建议执行 chmod 600 ~/.gem/credentials", mode)
    end

    def run(root)
      problems = []
      problems << "工作区有未提交的改动" unless `git -C #{root} status --porcelain`.strip.empty?

      v = version(root)
      last = `git -C #{root} describe --tags --abbrev=0 2>/dev/null`.strip.delete_prefix("v")
      problems << "版本号 #{v} 未大于上一个 tag #{last}" if !last.empty? && Gem::Version.new(v) <= Gem::Version.new(last)

      changelog = File.join(root, "CHANGELOG.md")
      problems << "CHANGELOG.md 缺少 #{v} 条目" unless File.exist?(changelog) && File.read(changelog).include?(v)

      spec_file = Dir[File.join(root, "*.gemspec")].first
      if spec_file
        spec = Gem::Specification.load(spec_file)
        problems << "gemspec 缺少 homepage" if spec.homepage.to_s.empty?
        problems << "gemspec 缺少 license" if spec.license.to_s.empty?
      else
        problems << "找不到 gemspec"
      end

      cred = credentials_problem
      problems << cred if cred
      problems
    end
  end
end
