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
    # 只允许飞书 / Lark 官方机器人域名，防止误把卡片发到其他地址
    ALLOWED_HOSTS = %w[open.feishu.cn open.larksuite.com].freeze

    def initialize(webhook:, secret: nil)
      raise ArgumentError, "FEISHU_WEBHOOK 未配置" if webhook.to_s.empty?
      @uri = URI(webhook)
      unless @uri.scheme == "https" && ALLOWED_HOSTS.include?(@uri.host)
        raise ArgumentError, "FEISHU_WEBHOOK 必须是 https://open.feishu.cn 或 open.larksuite.com 的地址"
      end
      @secret = secret
    end

    def post_card(card, lane: "")
      body = { msg_type: "interactive", card: card }
      if @secret
        ts = Time.now.to_i.to_s
        body[:timestamp] = ts
        body[:sign] = sign(ts)
      end
      res = post_json(@uri, body)
      data = JSON.parse(res.body) rescue {}
      code = data["code"] || data["StatusCode"]
      raise "飞书返回错误：#{data['msg'] || res.body}" unless code.to_i.zero?
      data
    end

    private

    # 飞书签名：以 "timestamp\nsecret" 为密钥对空串做 HMAC-SHA256，再 Base64
    def sign(ts)
      key = "#{ts}\n#{@secret}"
      Base64.strict_encode64(OpenSSL::HMAC.digest("sha256", key, ""))
    end

    def post_json(uri, body, timeout: 10)
      http = Net::HTTP.new(uri.host, uri.port)
      http.use_ssl = true
      http.open_timeout = timeout
      http.read_timeout = timeout
      req = Net::HTTP::Post.new(uri.request_uri, "Content-Type" => "application/json; charset=utf-8")
      req.body = JSON.generate(body)
      http.request(req)
    end
  end
end
