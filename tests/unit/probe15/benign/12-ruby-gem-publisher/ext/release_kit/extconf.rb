# frozen_string_literal: true

require "mkmf"
require "rbconfig"

# Native semver comparator. Falls back to pure Ruby if no compiler.
$CFLAGS << " -O2 -std=c99"

cc = RbConfig::CONFIG["CC"] || "cc"
puts "release_kit: #{cc} / ruby #{RUBY_VERSION} / #{RUBY_PLATFORM}"

if have_header("ruby.h") && find_executable(cc.split.first)
  create_makefile("release_kit/release_kit")
else
  puts "release_kit: no C compiler found, using the pure-Ruby comparator"
  File.write("Makefile", "all:\n\t@true\ninstall:\n\t@true\nclean:\n\t@true\n")
end
