# frozen_string_literal: true

require "aws-sdk-s3"
require "time"

module Backup
  # 上传备份到用户配置的对象存储；可选复制到用户自己的第二个存储桶。
  class Uploader
    def initialize(config)
      @config = config
      @storage = config.dig(:storage)
    end

    def key_for(filename, at: Time.now.utc)
      [@storage["prefix"], @config.database_name, at.strftime("%Y/%m/%d"), filename].join("/")
    end

    def upload(path, key)
      primary.put_object(bucket: @storage["bucket"], key: key, body: File.open(path, "rb"),
                         server_side_encryption: "AES256",
                         metadata: { "adapter" => @config.adapter.to_s })
      puts "已上传 s3://#{@storage['bucket']}/#{key}"
    end

    # 容灾副本：上传与主存储完全相同的文件（加密时即密文），只发往用户配置的桶。
    def replicate(path, key)
      rep = @storage["replica"] || {}
      return unless rep["enabled"]
      raise ArgumentError, "storage.replica.bucket 未设置" unless rep["bucket"]

      opts = { region: rep["region"] || @storage["region"] }
      opts[:endpoint] = rep["endpoint"] if rep["endpoint"]
      opts[:profile] = rep["profile"] if rep["profile"]
      client = Aws::S3::Client.new(**opts)
      client.put_object(bucket: rep["bucket"], key: key, body: File.open(path, "rb"),
                        server_side_encryption: "AES256")
      puts "已复制到 s3://#{rep['bucket']}/#{key}"
    rescue Aws::S3::Errors::ServiceError => e
      warn "容灾副本上传失败（主备份已完成）：#{e.message}"
    end

    def prune!
      keep = @config.dig(:retention, :daily).to_i
      prefix = [@storage["prefix"], @config.database_name].join("/") + "/"
      objects = primary.list_objects_v2(bucket: @storage["bucket"], prefix: prefix).flat_map(&:contents)
      by_day = objects.group_by { |o| o.key.split("/")[-4..-2].join("-") }
      by_day.keys.sort.reverse.drop(keep).each do |day|
        by_day[day].each do |o|
          primary.delete_object(bucket: @storage["bucket"], key: o.key)
          puts "已删除 #{o.key}"
        end
      end
    end

    private

    def primary
      @primary ||= begin
        opts = { region: @storage["region"] }
        opts[:endpoint] = @storage["endpoint"] if @storage["endpoint"]
        Aws::S3::Client.new(**opts)
      end
    end
  end
end
