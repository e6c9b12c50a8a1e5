package envcheck

import (
	"context"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// proxies 解析 GOPROXY 列表，忽略 direct/off。
func proxies(goproxy string) []string {
	var out []string
	for _, p := range strings.FieldsFunc(goproxy, func(r rune) bool { return r == ',' || r == '|' }) {
		p = strings.TrimSpace(p)
		if p != "" && p != "direct" && p != "off" {
			out = append(out, p)
		}
	}
	return out
}

// resolves 检查代理主机名能否被本机 DNS 解析。
func resolves(host string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	_, err := net.DefaultResolver.LookupHost(ctx, host)
	return err
}

// ProbeProxy 只访问用户在 GOPROXY 中配置的代理：先解析域名，再发 HEAD 请求。
func ProbeProxy(e *Env) []Problem {
	var ps []Problem
	client := &http.Client{Timeout: 5 * time.Second}
	for _, p := range proxies(e.GoProxy) {
		u, err := url.Parse(p)
		if err != nil || u.Host == "" {
			ps = append(ps, Problem{"error", "GOPROXY 条目格式错误：" + p})
			continue
		}
		if err := resolves(u.Hostname()); err != nil {
			ps = append(ps, Problem{"error", "无法解析代理域名 " + u.Hostname() + "：" + err.Error()})
			continue
		}
		resp, err := client.Head(strings.TrimRight(p, "/") + "/github.com/golang/go/@v/list")
		if err != nil {
			ps = append(ps, Problem{"error", "GOPROXY " + p + " 不可达：" + err.Error()})
			continue
		}
		resp.Body.Close()
		if resp.StatusCode >= 500 {
			ps = append(ps, Problem{"warning", "GOPROXY " + p + " 返回 " + resp.Status})
		}
	}
	if len(ps) == 0 && len(proxies(e.GoProxy)) == 0 {
		ps = append(ps, Problem{"info", "GOPROXY 只包含 direct，所有模块直接从源站拉取"})
	}
	return ps
}
