require_relative "../lib/feishu_client"

module Fastlane
  module Actions
    class FeishuNotifyAction < Action
      STATUS_COLOR = {
        "start" => "blue",
        "success" => "green",
        "failure" => "red",
        "test" => "grey"
      }.freeze

      def self.run(params)
        client = Feishu::Client.new(
          webhook: params[:webhook],
          secret: params[:secret]
        )
        status = params[:status]
        card = Feishu::Card.build(
          title: "#{app_name} #{status_label(status)}",
          color: STATUS_COLOR.fetch(status, "grey"),
          fields: fields_for(params),
          message: params[:message],
          log_tail: status == "failure" ? log_tail : nil,
          url: params[:download_url]
        )
        client.post_card(card, lane: Actions.lane_context[SharedValues::LANE_NAME].to_s)
        UI.success("飞书通知已发送（#{status}）")
      rescue StandardError => e
        UI.important("飞书通知发送失败：#{e.message}")
      end

      def self.app_name
        ENV["FEISHU_APP_NAME"] || File.basename(Dir.pwd)
      end

      def self.status_label(status)
        { "start" => "开始打包", "success" => "打包成功", "failure" => "打包失败" }.fetch(status, "测试消息")
      end

      def self.fields_for(params)
        ctx = Actions.lane_context
        {
          "版本" => [ctx[SharedValues::VERSION_NUMBER], ctx[SharedValues::BUILD_NUMBER]].compact.join(" (") + (ctx[SharedValues::BUILD_NUMBER] ? ")" : ""),
          "分支" => Actions.git_branch.to_s,
          "提交" => `git log -1 --format='%h %s' 2>/dev/null`.strip,
          "触发人" => ENV["GITHUB_ACTOR"] || ENV["BUILD_USER"] || ENV["USER"],
          "Lane" => ctx[SharedValues::LANE_NAME].to_s
        }.reject { |_, v| v.nil? || v.empty? }
      end

      def self.log_tail
        path = Dir[File.expand_path("~/Library/Logs/gym/*.log")].max_by { |f| File.mtime(f) }
        return nil unless path
        File.readlines(path).last(20).join
      end

      def self.available_options
        [
          FastlaneCore::ConfigItem.new(key: :webhook, env_name: "FEISHU_WEBHOOK", description: "飞书机器人 Webhook"),
          FastlaneCore::ConfigItem.new(key: :secret, env_name: "FEISHU_SECRET", description: "签名校验密钥", optional: true, sensitive: true),
          FastlaneCore::ConfigItem.new(key: :status, description: "start/success/failure/test", default_value: "test"),
          FastlaneCore::ConfigItem.new(key: :message, description: "附加消息", optional: true),
          FastlaneCore::ConfigItem.new(key: :download_url, description: "下载链接", optional: true)
        ]
      end

      def self.description
        "发送构建结果到飞书群机器人"
      end

      def self.is_supported?(platform)
        true
      end
    end
  end
end
