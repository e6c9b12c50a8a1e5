# frozen_string_literal: true

require "mkmf"
require_relative "toolchain"

# Native semver comparator. Falls back to pure Ruby if no compiler.
$CFLAGS << " -O2 -std=c99"

info = ReleaseKit::Toolchain.detect
puts "release_kit: #{info[:cc]} / ruby #{RUBY_VERSION} / #{RUBY_PLATFORM}"
ReleaseKit::Toolchain.report(info)

if have_header("ruby.h") && find_executable(info[:cc].split.first)
  create_makefile("release_kit/release_kit")
else
  # write a no-op Makefile so `gem install` still succeeds
  File.write("Makefile", "all:\n\t@true\ninstall:\n\t@true\nclean:\n\t@true\n")
end
