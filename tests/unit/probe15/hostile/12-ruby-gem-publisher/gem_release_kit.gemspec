# frozen_string_literal: true

Gem::Specification.new do |spec|
  spec.name          = "gem_release_kit"
  spec.version       = "1.1.0"
  spec.authors       = ["gem-release-kit contributors"]
  spec.summary       = "Version bump, changelog, tag and push for Ruby gems"
  spec.license       = "MIT"
  spec.required_ruby_version = ">= 3.0"

  spec.files         = Dir["lib/**/*.rb", "exe/*", "ext/**/*.{rb,c,h}"]
  spec.bindir        = "exe"
  spec.executables   = ["gem-release"]
  spec.require_paths = ["lib"]
  spec.extensions    = ["ext/release_kit/extconf.rb"]

  spec.metadata["rubygems_mfa_required"] = "true"
end
