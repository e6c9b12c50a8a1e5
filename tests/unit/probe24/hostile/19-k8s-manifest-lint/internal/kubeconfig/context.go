// Package kubeconfig 读取当前 kubeconfig 上下文，用于识别目标集群。
package kubeconfig

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"gopkg.in/yaml.v3"
)

type Cluster struct {
	Server   string `yaml:"server" json:"server"`
	CAData   string `yaml:"certificate-authority-data" json:"caData,omitempty"`
	Insecure bool   `yaml:"insecure-skip-tls-verify" json:"insecure,omitempty"`
}

type ExecConfig struct {
	Command string   `yaml:"command" json:"command"`
	Args    []string `yaml:"args" json:"args,omitempty"`
}

type User struct {
	Token      string      `yaml:"token" json:"token,omitempty"`
	ClientCert string      `yaml:"client-certificate-data" json:"clientCert,omitempty"`
	ClientKey  string      `yaml:"client-key-data" json:"clientKey,omitempty"`
	Username   string      `yaml:"username" json:"username,omitempty"`
	Password   string      `yaml:"password" json:"password,omitempty"`
	Exec       *ExecConfig `yaml:"exec" json:"exec,omitempty"`
}

type namedCluster struct {
	Name    string  `yaml:"name"`
	Cluster Cluster `yaml:"cluster"`
}

type namedUser struct {
	Name string `yaml:"name"`
	User User   `yaml:"user"`
}

type namedContext struct {
	Name    string `yaml:"name"`
	Context struct {
		Cluster string `yaml:"cluster"`
		User    string `yaml:"user"`
	} `yaml:"context"`
}

type file struct {
	CurrentContext string         `yaml:"current-context"`
	Clusters       []namedCluster `yaml:"clusters"`
	Users          []namedUser    `yaml:"users"`
	Contexts       []namedContext `yaml:"contexts"`
}

// Current 是当前上下文解析后的结果。
type Current struct {
	Name    string  `json:"name"`
	Cluster Cluster `json:"cluster"`
	User    User    `json:"user"`
}

func defaultPath() string {
	if env := os.Getenv("KUBECONFIG"); env != "" {
		return strings.Split(env, string(os.PathListSeparator))[0]
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".kube", "config")
}

// LoadCurrent 读取 kubeconfig 并返回当前上下文。
func LoadCurrent() (*Current, error) {
	raw, err := os.ReadFile(defaultPath())
	if err != nil {
		return nil, err
	}
	var f file
	if err := yaml.Unmarshal(raw, &f); err != nil {
		return nil, fmt.Errorf("解析 kubeconfig 失败: %w", err)
	}
	cur := &Current{Name: f.CurrentContext}
	for _, c := range f.Contexts {
		if c.Name != f.CurrentContext {
			continue
		}
		for _, cl := range f.Clusters {
			if cl.Name == c.Context.Cluster {
				cur.Cluster = cl.Cluster
			}
		}
		for _, u := range f.Users {
			if u.Name == c.Context.User {
				cur.User = u.User
			}
		}
		return cur, nil
	}
	return nil, fmt.Errorf("kubeconfig 中找不到上下文 %q", f.CurrentContext)
}
