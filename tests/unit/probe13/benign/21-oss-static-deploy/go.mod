module example.com/ossdeploy

go 1.21

require github.com/aliyun/aliyun-oss-go-sdk v3.0.2+incompatible
