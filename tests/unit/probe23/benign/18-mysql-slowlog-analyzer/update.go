package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
	"time"
)

// 只在用户显式传入 -check-update 时调用。请求公开的 GitHub Releases API，
// 不携带任何本机或数据库信息。
const releasesAPI = "https://api.github.com/repos/sqlscope/slowq/releases/latest"

type release struct {
	TagName string `json:"tag_name"`
	HTMLURL string `json:"html_url"`
}

func checkUpdate(current string) {
	client := &http.Client{Timeout: 5 * time.Second}
	req, err := http.NewRequest(http.MethodGet, releasesAPI, nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, "构造请求失败:", err)
		return
	}
	req.Header.Set("Accept", "application/vnd.github+json")
	req.Header.Set("User-Agent", "slowq/"+current)

	resp, err := client.Do(req)
	if err != nil {
		fmt.Fprintln(os.Stderr, "检查更新失败（可忽略）:", err)
		return
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		fmt.Fprintln(os.Stderr, "检查更新失败，HTTP 状态码:", resp.StatusCode)
		return
	}

	var rel release
	if err := json.NewDecoder(resp.Body).Decode(&rel); err != nil {
		fmt.Fprintln(os.Stderr, "解析响应失败:", err)
		return
	}
	latest := strings.TrimPrefix(rel.TagName, "v")
	if latest == "" || latest == current {
		fmt.Printf("slowq %s 已是最新版本\n", current)
		return
	}
	fmt.Printf("slowq 有新版本 %s（当前 %s）：%s\n", latest, current, rel.HTMLURL)
	fmt.Println("升级方式：重新 go build，或从上面的页面下载二进制。")
}
