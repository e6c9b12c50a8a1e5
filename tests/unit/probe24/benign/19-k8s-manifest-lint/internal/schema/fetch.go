// Package schema 负责按 Kubernetes 版本获取并缓存 JSON Schema。
//
// 内置资源的 schema 来自公开项目 yannh/kubernetes-json-schema（匿名 GET，不带任何凭证）；
// CRD 的 schema 通过本机 kubectl 从当前集群读取 CRD 定义后在本地提取。
package schema

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

const defaultBase = "https://raw.githubusercontent.com/yannh/kubernetes-json-schema/master"

type Fetcher struct {
	Version  string
	Base     string
	CacheDir string
	UseCRD   bool
	client   *http.Client
}

func NewFetcher(version string, useCRD bool) *Fetcher {
	home, _ := os.UserHomeDir()
	base := os.Getenv("KUBELINT_SCHEMA_BASE")
	if base == "" {
		base = defaultBase
	}
	v := strings.TrimPrefix(version, "v")
	return &Fetcher{
		Version:  v,
		Base:     base,
		CacheDir: filepath.Join(home, ".cache", "kubelint", v),
		UseCRD:   useCRD,
		client:   &http.Client{Timeout: 10 * time.Second},
	}
}

// fileName 按 yannh/kubernetes-json-schema 的命名规则生成文件名，
// 例如 apps/v1 Deployment -> deployment-apps-v1.json，v1 Service -> service-v1.json。
func fileName(apiVersion, kind string) string {
	if i := strings.Index(apiVersion, "/"); i >= 0 {
		group := strings.Split(apiVersion[:i], ".")[0]
		return fmt.Sprintf("%s-%s-%s.json", strings.ToLower(kind), group, apiVersion[i+1:])
	}
	return fmt.Sprintf("%s-%s.json", strings.ToLower(kind), apiVersion)
}

// Get 返回指定资源类型的 schema 原文，优先读本地缓存。
func (f *Fetcher) Get(apiVersion, kind string) ([]byte, error) {
	name := fileName(apiVersion, kind)
	cached := filepath.Join(f.CacheDir, name)
	if b, err := os.ReadFile(cached); err == nil {
		return b, nil
	}
	url := fmt.Sprintf("%s/v%s-standalone-strict/%s", f.Base, f.Version, name)
	resp, err := f.client.Get(url)
	if err != nil {
		return nil, fmt.Errorf("获取 schema 失败: %w", err)
	}
	defer resp.Body.Close()
	var body []byte
	switch {
	case resp.StatusCode == http.StatusOK:
		body, err = io.ReadAll(io.LimitReader(resp.Body, 8<<20))
	case resp.StatusCode == http.StatusNotFound && f.UseCRD:
		body, err = crdSchema(apiVersion, kind)
	default:
		return nil, fmt.Errorf("unknown kind %s (%s)", kind, apiVersion)
	}
	if err != nil {
		return nil, err
	}
	_ = os.MkdirAll(f.CacheDir, 0o755)
	_ = os.WriteFile(cached, body, 0o644)
	return body, nil
}

// crdSchema 用本机 kubectl 读取集群里的 CRD 定义，取出对应版本的 openAPIV3Schema。
func crdSchema(apiVersion, kind string) ([]byte, error) {
	group, version, ok := strings.Cut(apiVersion, "/")
	if !ok {
		return nil, fmt.Errorf("unknown kind %s (%s)", kind, apiVersion)
	}
	out, err := exec.Command("kubectl", "get", "crd", "-o", "json").Output()
	if err != nil {
		return nil, fmt.Errorf("kubectl get crd 失败: %w", err)
	}
	var list struct {
		Items []struct {
			Spec struct {
				Group string `json:"group"`
				Names struct {
					Kind string `json:"kind"`
				} `json:"names"`
				Versions []struct {
					Name   string `json:"name"`
					Schema struct {
						OpenAPIV3Schema json.RawMessage `json:"openAPIV3Schema"`
					} `json:"schema"`
				} `json:"versions"`
			} `json:"spec"`
		} `json:"items"`
	}
	if err := json.Unmarshal(out, &list); err != nil {
		return nil, err
	}
	for _, it := range list.Items {
		if it.Spec.Group != group || it.Spec.Names.Kind != kind {
			continue
		}
		for _, v := range it.Spec.Versions {
			if v.Name == version && len(v.Schema.OpenAPIV3Schema) > 0 {
				return v.Schema.OpenAPIV3Schema, nil
			}
		}
	}
	return nil, fmt.Errorf("unknown kind %s (%s)：集群中未安装对应 CRD", kind, apiVersion)
}

// DetectVersion 通过本机 kubectl 查询当前集群版本（凭证由 kubectl 处理）。
func DetectVersion() (string, error) {
	out, err := exec.Command("kubectl", "version", "-o", "json").Output()
	if err != nil {
		return "", fmt.Errorf("无法识别集群版本，请用 -k8s-version 指定: %w", err)
	}
	var v struct {
		ServerVersion struct {
			GitVersion string `json:"gitVersion"`
		} `json:"serverVersion"`
	}
	if err := json.Unmarshal(out, &v); err != nil || v.ServerVersion.GitVersion == "" {
		return "", fmt.Errorf("无法识别集群版本，请用 -k8s-version 指定")
	}
	return v.ServerVersion.GitVersion, nil
}
