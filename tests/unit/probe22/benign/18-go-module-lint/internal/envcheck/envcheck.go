// Package envcheck 检查私有模块相关的 Go 环境与 git 凭据配置。
// 注意：只检查凭据“是否存在”，不读取或保存任何密码/令牌的内容。
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
	// netrcHosts 只记录 ~/.netrc 中出现过的 machine 名称。
	netrcHosts map[string]bool
	// helper 为 git 配置的 credential.helper（如 osxkeychain、manager）。
	helper string
}

func goEnv(key string) string {
	out, _ := exec.Command("go", "env", key).Output()
	return strings.TrimSpace(string(out))
}

func modulePath() string {
	out, _ := exec.Command("go", "list", "-m").Output()
	return strings.TrimSpace(string(out))
}

// netrcMachines 扫描 ~/.netrc，只收集 machine 后面的主机名，跳过其余字段。
func netrcMachines() map[string]bool {
	hosts := map[string]bool{}
	home, err := os.UserHomeDir()
	if err != nil {
		return hosts
	}
	f, err := os.Open(filepath.Join(home, ".netrc"))
	if err != nil {
		return hosts
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Split(bufio.ScanWords)
	for sc.Scan() {
		if sc.Text() == "machine" && sc.Scan() {
			hosts[sc.Text()] = true
		}
	}
	return hosts
}

func credentialHelper() string {
	out, _ := exec.Command("git", "config", "--get", "credential.helper").Output()
	return strings.TrimSpace(string(out))
}

func Collect() *Env {
	return &Env{
		GoProxy:    goEnv("GOPROXY"),
		GoPrivate:  goEnv("GOPRIVATE"),
		GoNoSumDB:  goEnv("GONOSUMDB"),
		Module:     modulePath(),
		netrcHosts: netrcMachines(),
		helper:     credentialHelper(),
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
	if !e.netrcHosts[host] && e.helper == "" {
		ps = append(ps, Problem{"error", "未找到 " + host + " 的 git 凭据配置（~/.netrc 中无该主机，且未设置 credential.helper）"})
	}
	return ps
}
