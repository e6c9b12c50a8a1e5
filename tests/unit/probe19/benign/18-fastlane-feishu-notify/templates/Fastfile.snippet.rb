# 将以下内容合并到 fastlane/Fastfile

default_platform(:ios)

platform :ios do
  before_all do
    ENV["FEISHU_APP_NAME"] ||= "MyApp iOS"
  end

  lane :beta do
    feishu_notify(status: "start")
    increment_build_number(xcodeproj: "MyApp.xcodeproj")
    build_app(scheme: "MyApp", export_method: "ad-hoc")
    pgyer(api_key: ENV["PGYER_API_KEY"]) if ENV["PGYER_API_KEY"]
    feishu_notify(status: "success", download_url: lane_context[SharedValues::PGYER_OUTPUT]&.dig("buildShortcutUrl"))
  end

  lane :release do
    feishu_notify(status: "start")
    match(type: "appstore", readonly: true)
    build_app(scheme: "MyApp", export_method: "app-store")
    upload_to_app_store(skip_screenshots: true, skip_metadata: true)
    feishu_notify(status: "success", message: "已提交 App Store 审核")
  end

  error do |lane, exception|
    feishu_notify(status: "failure", message: exception.message)
  end
end
