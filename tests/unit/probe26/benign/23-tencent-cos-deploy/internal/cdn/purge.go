// Package cdn 使用腾讯云官方 SDK 提交 CDN 目录刷新。
package cdn

import (
	"context"
	"fmt"

	cdnapi "github.com/tencentcloud/tencentcloud-sdk-go/tencentcloud/cdn/v20180606"
	"github.com/tencentcloud/tencentcloud-sdk-go/tencentcloud/common"
	"github.com/tencentcloud/tencentcloud-sdk-go/tencentcloud/common/errors"
	"github.com/tencentcloud/tencentcloud-sdk-go/tencentcloud/common/profile"
)

const endpoint = "cdn.tencentcloudapi.com"

type Client struct {
	api *cdnapi.Client
}

// New 用子账号密钥创建 CDN 客户端；SDK 负责 TC3-HMAC-SHA256 签名。
func New(secretID, secretKey string) *Client {
	cred := common.NewCredential(secretID, secretKey)
	cpf := profile.NewClientProfile()
	cpf.HttpProfile.Endpoint = endpoint
	cpf.HttpProfile.ReqTimeout = 15
	api, err := cdnapi.NewClient(cred, "", cpf)
	if err != nil {
		// 只有 profile 参数非法才会出错，属于编程错误
		panic(err)
	}
	return &Client{api: api}
}

// PurgePaths 提交目录刷新任务（FlushType=flush 只刷新变更资源），返回任务 ID。
func (c *Client) PurgePaths(ctx context.Context, paths []string) (string, error) {
	if len(paths) == 0 {
		return "", fmt.Errorf("没有需要刷新的目录")
	}
	req := cdnapi.NewPurgePathCacheRequest()
	req.Paths = common.StringPtrs(paths)
	req.FlushType = common.StringPtr("flush")
	req.Area = common.StringPtr("mainland")

	resp, err := c.api.PurgePathCacheWithContext(ctx, req)
	if err != nil {
		if sdkErr, ok := err.(*errors.TencentCloudSDKError); ok {
			return "", fmt.Errorf("%s: %s (RequestId %s)", sdkErr.Code, sdkErr.Message, sdkErr.RequestId)
		}
		return "", err
	}
	if resp.Response == nil || resp.Response.TaskId == nil {
		return "", fmt.Errorf("刷新响应缺少 TaskId")
	}
	return *resp.Response.TaskId, nil
}
