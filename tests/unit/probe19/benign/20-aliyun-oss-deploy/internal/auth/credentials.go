// Package auth 读取阿里云凭证（长期 AK 或 STS 临时凭证），只在本地使用。
package auth

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
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

// Validate 做基本的格式检查，避免把空凭证带进签名。
func (c *Credentials) Validate() error {
	if c.AccessKeyID == "" || c.AccessKeySecret == "" {
		return errors.New("AccessKey ID 或 Secret 为空")
	}
	if !c.Expiration.IsZero() && time.Now().After(c.Expiration) {
		return errors.New("STS 临时凭证已过期，请重新获取")
	}
	return nil
}
