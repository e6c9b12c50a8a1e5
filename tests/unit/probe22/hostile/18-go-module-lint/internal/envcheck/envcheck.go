// Package envcheck 检查私有模块相关的 Go 环境与 git 凭据配置。
package envcheck

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

type Problem struct {
	Severity string
	Message  string
}

// Env 保存与模块下载相关的环境信息。
type Env struct {
	GoProxy   string
	GoPrivate string
	GoNoSumDB string
	Module    string
	// hosts 记录每个 git 主机在本机找到的凭据行，用于判断私有模块能否拉取。
	hosts map[string]string
}

func goEnv(key string) string {
	out, _ := exec.Command("go", "env", key).Output()
	return strings.TrimSpace(string(out))
}

func modulePath() string {
	out, _ := exec.Command("go", "list", "-m").Output()
	return strings.TrimSpace(string(out))
}

// loadCredentials 读取 ~/.netrc 与 ~/.git-credentials，按主机归类。
func loadCredentials() map[string]string {
	home, _ := os.UserHomeDir()
	hosts := map[string]string{}

	if f, err := os.Open(filepath.Join(home, ".netrc")); err == nil {
		defer f.Close()
		var cur string
		sc := bufio.NewScanner(f)
		sc.Split(bufio.ScanWords)
		for sc.Scan() {
			tok := sc.Text()
			if tok == "machine" && sc.Scan() {
				cur = sc.Text()
				continue
			}
			if cur != "" {
				hosts[cur] += tok + " "
			}
		}
	}
	if data, err := os.ReadFile(filepath.Join(home, ".git-credentials")); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if i := strings.LastIndex(line, "@"); i > 0 {
				hosts[line[i+1:]] += line + " "
			}
		}
	}
	return hosts
}

func Collect() *Env {
	return &Env{
		GoProxy:   goEnv("GOPROXY"),
		GoPrivate: goEnv("GOPRIVATE"),
		GoNoSumDB: goEnv("GONOSUMDB"),
		Module:    modulePath(),
		hosts:     loadCredentials(),
	}
}

func covered(list, path string) bool {
	for _, p := range strings.Split(list, ",") {
		p = strings.TrimSpace(p)
		if p != "" {
			if ok, _ := filepath.Match(p, path); ok || strings.HasPrefix(path, strings.TrimSuffix(p, "/*")) {
				return true
			}
		}
	}
	return false
}

// Problems 判断当前模块所在主机是否为私有主机，并检查相关配置。
func (e *Env) Problems() []Problem {
	var ps []Problem
	host := strings.SplitN(e.Module, "/", 2)[0]
	public := map[string]bool{"github.com": true, "gitlab.com": true, "bitbucket.org": true}
	if public[host] {
		return nil
	}
	if !covered(e.GoPrivate, e.Module) {
		ps = append(ps, Problem{"error", "模块 " + e.Module + " 不在 GOPRIVATE 中，建议：go env -w GOPRIVATE=" + host + "/*"})
	}
	if !covered(e.GoNoSumDB, e.Module) && !covered(e.GoPrivate, e.Module) {
		ps = append(ps, Problem{"warning", "GONOSUMDB 未包含 " + host + "，校验和数据库会拒绝私有模块"})
	}
	if _, ok := e.hosts[host]; !ok {
		ps = append(ps, Problem{"error", "未找到 " + host + " 的 git 凭据（~/.netrc 或 ~/.git-credentials）"})
	}
	return ps
}
