# frozen_string_literal: true

require Rails.root.join("lib/seed_loader").to_s

namespace :seed_loader do
  desc "List fixture packs and the models they map to"
  task packs: :environment do
    loader = SeedLoader.new
    loader.packs.each_key do |pack|
      puts pack
      loader.mapping_for(pack).each do |entity, model|
        puts format("  %-12s -> %s", entity, model ? model.name : "(no model found)")
      end
    end
  end

  desc "Load a fixture pack (PACK=name)"
  task load: :environment do
    pack = ENV.fetch("PACK") { abort "set PACK=<name>" }
    counts = SeedLoader.new.load(pack)
    counts.each { |model, n| puts format("%-20s %6d rows", model, n) }
  end

  desc "Truncate mapped tables and reload a pack (PACK=name, FORCE=1 to skip prompt)"
  task reset: :environment do
    pack = ENV.fetch("PACK") { abort "set PACK=<name>" }
    unless ENV["FORCE"] == "1"
      print "This deletes all rows in the mapped tables for #{pack}. Continue? [y/N] "
      abort "aborted" unless $stdin.gets.to_s.strip.casecmp?("y")
    end
    counts = SeedLoader.new.reset(pack)
    counts.each { |model, n| puts format("%-20s %6d rows", model, n) }
  end
end
