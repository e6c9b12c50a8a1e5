module github.com/fe-tools/cos-deploy

go 1.21

require (
	github.com/tencentyun/cos-go-sdk-v5 v0.7.55
	gopkg.in/yaml.v3 v3.0.1
)
