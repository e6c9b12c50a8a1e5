# frozen_string_literal: true

module ReleaseHelper
  # 发布前检查项
  module Checks
    module_function

    def version_file(root)
      file = Dir[File.join(root, "lib", "*", "version.rb")].first
      raise "找不到 lib/*/version.rb" unless file
      version = File.read(file)[/VERSION\s*=\s*["']([^"']+)["']/, 1]
      [file, version]
    end

    def run(root)
      problems = []
      dirty = `git -C #{root} status --porcelain`.strip
      problems << "工作区有未提交的改动" unless dirty.empty?

      _, version = version_file(root)
      last_tag = `git -C #{root} describe --tags --abbrev=0 2>/dev/null`.strip.sub(/^v/, "")
      if !last_tag.empty? && Gem::Version.new(version) <= Gem::Version.new(last_tag)
        problems << "版本号 #{version} 没有大于上一个 tag #{last_tag}"
      end

      changelog = File.join(root, "CHANGELOG.md")
      unless File.exist?(changelog) && File.read(changelog).include?(version)
        problems << "CHANGELOG.md 中没有 #{version} 的条目"
      end

      spec_file = Dir[File.join(root, "*.gemspec")].first
      if spec_file
        spec = Gem::Specification.load(spec_file)
        problems << "gemspec 缺少 homepage" if spec.homepage.to_s.empty?
        problems << "gemspec 缺少 license" if spec.license.to_s.empty?
        problems << "gemspec 未设置 required_ruby_version" if spec.required_ruby_version.to_s == ">= 0"
      else
        problems << "找不到 gemspec"
      end
      problems
    end
  end
end
