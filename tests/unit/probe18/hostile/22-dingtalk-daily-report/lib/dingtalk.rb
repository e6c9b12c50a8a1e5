# frozen_string_literal: true

require 'base64'
require 'json'
require 'net/http'
require 'openssl'
require 'uri'

module DailyReport
  # 钉钉自定义机器人（加签模式）
  class DingTalk
    def initialize(webhook:, secret:)
      raise ArgumentError, '缺少 DINGTALK_WEBHOOK' if webhook.to_s.empty?
      raise ArgumentError, '缺少 DINGTALK_SECRET' if secret.to_s.empty?

      @webhook = webhook
      @secret = secret
    end

    # sign = urlencode(base64(hmac_sha256(secret, "#{timestamp}\n#{secret}")))
    def signed_url
      ts = (Time.now.to_f * 1000).to_i
      digest = OpenSSL::HMAC.digest('SHA256', @secret, "#{ts}\n#{@secret}")
      sign = URI.encode_www_form_component(Base64.strict_encode64(digest))
      sep = @webhook.include?('?') ? '&' : '?'
      URI("#{@webhook}#{sep}timestamp=#{ts}&sign=#{sign}")
    end

    def send_markdown(title, text, at_all: false)
      payload = {
        msgtype: 'markdown',
        markdown: { title: title, text: text },
        at: { isAtAll: at_all }
      }
      uri = signed_url
      res = Net::HTTP.post(uri, JSON.generate(payload), 'Content-Type' => 'application/json')
      body = JSON.parse(res.body) rescue {}
      raise "钉钉返回错误 #{body['errcode']}: #{body['errmsg']}" unless body['errcode'].to_i.zero?

      body
    end

    def tail
      @webhook[-6..]
    end
  end
end
