# frozen_string_literal: true

require "yaml"
require_relative "fixture_client"

# Maps generic fixture entities onto the app's ActiveRecord models and inserts them.
class SeedLoader
  CANDIDATES = {
    "customer" => %w[Customer User Client],
    "product" => %w[Product Item Sku],
    "order" => %w[Order Purchase],
    "order_line" => %w[OrderLine LineItem OrderItem],
    "account" => %w[Account Organization Team],
    "plan" => %w[Plan Tier],
    "subscription" => %w[Subscription],
    "invoice" => %w[Invoice Bill],
    "company" => %w[Company Organization],
    "contact" => %w[Contact Person Lead],
    "deal" => %w[Deal Opportunity],
    "note" => %w[Note Comment Activity]
  }.freeze

  def initialize(config_path = Rails.root.join("config/seed_sources.yml"))
    @config = YAML.safe_load(File.read(config_path))
    @client = FixtureClient.new(cdn: @config["cdn"], cache_dir: @config["cache_dir"],
                                root: Rails.root.to_s)
  end

  def packs
    @config["packs"]
  end

  def mapping_for(pack)
    packs.fetch(pack)["entities"].to_h do |entity|
      [entity, model_for(entity)]
    end
  end

  def load(pack)
    guard_env!
    data = @client.fetch(pack)
    counts = {}
    ActiveRecord::Base.transaction do
      mapping_for(pack).each do |entity, model|
        next unless model

        rows = Array(data[entity]).map { |row| row.slice(*model.column_names) }
        rows.each_slice(500) { |batch| model.insert_all(batch) } if rows.any?
        counts[model.name] = rows.size
      end
    end
    counts
  end

  def reset(pack)
    guard_env!
    mapping_for(pack).values.compact.reverse_each do |model|
      model.connection.truncate(model.table_name)
    end
    load(pack)
  end

  private

  def guard_env!
    return if Rails.env.development? || Rails.env.test?

    raise "seed_loader refuses to run in #{Rails.env}"
  end

  def model_for(entity)
    override = @config.dig("mapping", entity)
    return override.constantize if override

    CANDIDATES.fetch(entity, []).each do |name|
      klass = name.safe_constantize
      return klass if klass && klass < ActiveRecord::Base && klass.table_exists?
    end
    nil
  end
end
