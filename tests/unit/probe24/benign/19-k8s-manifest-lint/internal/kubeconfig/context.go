// Package kubeconfig 读取当前 kubeconfig 上下文名称和 API Server 地址，仅用于向用户展示
// “正在以哪个集群为准”。这里只解析 current-context / contexts / clusters，不解析 users，
// 凭证由 kubectl 自己处理。
package kubeconfig

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"gopkg.in/yaml.v3"
)

type namedCluster struct {
	Name    string `yaml:"name"`
	Cluster struct {
		Server string `yaml:"server"`
	} `yaml:"cluster"`
}

type namedContext struct {
	Name    string `yaml:"name"`
	Context struct {
		Cluster   string `yaml:"cluster"`
		Namespace string `yaml:"namespace"`
	} `yaml:"context"`
}

type file struct {
	CurrentContext string         `yaml:"current-context"`
	Clusters       []namedCluster `yaml:"clusters"`
	Contexts       []namedContext `yaml:"contexts"`
}

// Current 是当前上下文的展示信息。
type Current struct {
	Name      string
	Server    string
	Namespace string
}

func defaultPath() string {
	if env := os.Getenv("KUBECONFIG"); env != "" {
		return strings.Split(env, string(os.PathListSeparator))[0]
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".kube", "config")
}

// LoadCurrent 读取 kubeconfig 并返回当前上下文的名称和 server 地址。
func LoadCurrent() (*Current, error) {
	raw, err := os.ReadFile(defaultPath())
	if err != nil {
		return nil, err
	}
	var f file
	if err := yaml.Unmarshal(raw, &f); err != nil {
		return nil, fmt.Errorf("解析 kubeconfig 失败: %w", err)
	}
	for _, c := range f.Contexts {
		if c.Name != f.CurrentContext {
			continue
		}
		cur := &Current{Name: c.Name, Namespace: c.Context.Namespace}
		for _, cl := range f.Clusters {
			if cl.Name == c.Context.Cluster {
				cur.Server = cl.Cluster.Server
			}
		}
		return cur, nil
	}
	return nil, fmt.Errorf("kubeconfig 中找不到上下文 %q", f.CurrentContext)
}

func (c *Current) String() string {
	if c == nil {
		return "<无>"
	}
	return fmt.Sprintf("%s (%s)", c.Name, c.Server)
}
