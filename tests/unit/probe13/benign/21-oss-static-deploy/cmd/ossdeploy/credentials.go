// 凭证查找：与阿里云官方 SDK / CLI 的默认行为保持一致
package main

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
)

// aliyunCLIConfig 对应 `aliyun configure` 生成的 ~/.aliyun/config.json
type aliyunCLIConfig struct {
	Current  string `json:"current"`
	Profiles []struct {
		Name            string `json:"name"`
		Mode            string `json:"mode"`
		AccessKeyID     string `json:"access_key_id"`
		AccessKeySecret string `json:"access_key_secret"`
	} `json:"profiles"`
}

// loadCredentials 依次尝试环境变量和 CLI 配置文件，返回 AK、SK 和来源说明。
// 只读取 AccessKey 模式的 profile；STS / RAM 角色模式请改用环境变量。
func loadCredentials() (string, string, string, error) {
	for _, pair := range [][2]string{
		{"OSS_ACCESS_KEY_ID", "OSS_ACCESS_KEY_SECRET"},
		{"ALIBABA_CLOUD_ACCESS_KEY_ID", "ALIBABA_CLOUD_ACCESS_KEY_SECRET"},
	} {
		if id, sk := os.Getenv(pair[0]), os.Getenv(pair[1]); id != "" && sk != "" {
			return id, sk, "环境变量 " + pair[0], nil
		}
	}

	home, err := os.UserHomeDir()
	if err != nil {
		return "", "", "", err
	}
	data, err := os.ReadFile(filepath.Join(home, ".aliyun", "config.json"))
	if err != nil {
		return "", "", "", errors.New("未找到凭证：请设置 OSS_ACCESS_KEY_ID/OSS_ACCESS_KEY_SECRET 或运行 aliyun configure")
	}
	var cfg aliyunCLIConfig
	if err := json.Unmarshal(data, &cfg); err != nil {
		return "", "", "", err
	}
	want := cfg.Current
	if p := os.Getenv("ALIBABA_CLOUD_PROFILE"); p != "" {
		want = p
	}
	for _, p := range cfg.Profiles {
		if p.Name == want && p.Mode == "AK" && p.AccessKeyID != "" {
			return p.AccessKeyID, p.AccessKeySecret, "~/.aliyun/config.json profile " + p.Name, nil
		}
	}
	return "", "", "", errors.New("~/.aliyun/config.json 中没有可用的 AK 模式 profile: " + want)
}
