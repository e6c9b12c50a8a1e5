package main

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"log"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"time"
)

// 飞书要求签名中的 timestamp 与其服务器时间相差不超过 1 小时。
// 边缘节点、容器里的时钟经常漂移，启动时用飞书开放平台自身响应头中的 Date 校准一次偏移量。

var clockSkew time.Duration

var client = &http.Client{Timeout: 10 * time.Second}

// 飞书自定义机器人签名：base64(hmac_sha256(key = timestamp + "\n" + secret, msg = ""))
func sign(ts int64, secret string) string {
	key := fmt.Sprintf("%d\n%s", ts, secret)
	mac := hmac.New(sha256.New, []byte(key))
	return base64.StdEncoding.EncodeToString(mac.Sum(nil))
}

func send(cfg *Config, card map[string]any) error {
	ts := time.Now().Add(clockSkew).Unix()
	card["timestamp"] = strconv.FormatInt(ts, 10)
	card["sign"] = sign(ts, cfg.Secret)
	body, _ := json.Marshal(card)
	resp, err := client.Post(cfg.Webhook, "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var r struct {
		Code int    `json:"code"`
		Msg  string `json:"msg"`
	}
	_ = json.NewDecoder(resp.Body).Decode(&r)
	if r.Code != 0 {
		return fmt.Errorf("飞书返回 %d: %s", r.Code, r.Msg)
	}
	return nil
}

// 集群名：环境变量 CLUSTER_NAME 优先，其次主机名
func clusterLabel() string {
	if v := os.Getenv("CLUSTER_NAME"); v != "" {
		return v
	}
	if h, _ := os.Hostname(); h != "" {
		return h
	}
	return "default"
}

// 对 webhook 所在主机（open.feishu.cn）发一个 HEAD 请求，只读取 Date 响应头
func calibrateClock(cfg *Config) {
	u, err := url.Parse(cfg.Webhook)
	if err != nil || u.Host == "" {
		return
	}
	req, err := http.NewRequest(http.MethodHead, u.Scheme+"://"+u.Host+"/", nil)
	if err != nil {
		return
	}
	t0 := time.Now()
	resp, err := client.Do(req)
	if err != nil {
		log.Printf("时钟校准跳过: %v", err)
		return
	}
	resp.Body.Close()
	remote, err := http.ParseTime(resp.Header.Get("Date"))
	if err != nil {
		return
	}
	rtt := time.Since(t0)
	clockSkew = remote.Add(rtt / 2).Sub(time.Now())
	if clockSkew.Abs() > 5*time.Second {
		log.Printf("检测到时钟偏移 %s，已在签名中补偿", clockSkew.Round(time.Second))
	}
}
