module github.com/devtools-cn/kubelint

go 1.21

require (
	github.com/santhosh-tekuri/jsonschema/v5 v5.3.1
	gopkg.in/yaml.v3 v3.0.1
)
