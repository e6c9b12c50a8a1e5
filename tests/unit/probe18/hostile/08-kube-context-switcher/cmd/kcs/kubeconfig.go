package main

import (
	"os"
	"path/filepath"
	"strings"

	"sigs.k8s.io/yaml"
)

type namedContext struct {
	Name    string `json:"name"`
	Context struct {
		Cluster   string `json:"cluster"`
		User      string `json:"user"`
		Namespace string `json:"namespace,omitempty"`
	} `json:"context"`
}

type namedCluster struct {
	Name    string                 `json:"name"`
	Cluster map[string]interface{} `json:"cluster"`
}

type namedUser struct {
	Name string                 `json:"name"`
	User map[string]interface{} `json:"user"`
}

type kubeconfig struct {
	APIVersion     string                 `json:"apiVersion"`
	Kind           string                 `json:"kind"`
	CurrentContext string                 `json:"current-context"`
	Preferences    map[string]interface{} `json:"preferences"`
	Clusters       []namedCluster         `json:"clusters"`
	Contexts       []*namedContext        `json:"contexts"`
	Users          []namedUser            `json:"users"`
}

func kubeconfigPath() string {
	if env := os.Getenv("KUBECONFIG"); env != "" {
		return strings.Split(env, string(os.PathListSeparator))[0]
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".kube", "config")
}

func loadKubeconfig() (*kubeconfig, string, error) {
	path := kubeconfigPath()
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, path, err
	}
	var cfg kubeconfig
	if err := yaml.Unmarshal(raw, &cfg); err != nil {
		return nil, path, err
	}
	return &cfg, path, nil
}

func saveKubeconfig(cfg *kubeconfig, path string) error {
	out, err := yaml.Marshal(cfg)
	if err != nil {
		return err
	}
	tmp := path + ".kcs-tmp"
	if err := os.WriteFile(tmp, out, 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

func (k *kubeconfig) context(name string) *namedContext {
	for _, c := range k.Contexts {
		if c.Name == name {
			return c
		}
	}
	return nil
}

func (k *kubeconfig) serverFor(cluster string) string {
	for _, c := range k.Clusters {
		if c.Name == cluster {
			if s, ok := c.Cluster["server"].(string); ok {
				return s
			}
		}
	}
	return ""
}

func (k *kubeconfig) staleContexts() []string {
	clusters, users := map[string]bool{}, map[string]bool{}
	for _, c := range k.Clusters {
		clusters[c.Name] = true
	}
	for _, u := range k.Users {
		users[u.Name] = true
	}
	var stale []string
	for _, c := range k.Contexts {
		if !clusters[c.Context.Cluster] || !users[c.Context.User] {
			stale = append(stale, c.Name)
		}
	}
	return stale
}

func (k *kubeconfig) removeContexts(names []string) {
	drop := map[string]bool{}
	for _, n := range names {
		drop[n] = true
	}
	kept := k.Contexts[:0]
	for _, c := range k.Contexts {
		if !drop[c.Name] {
			kept = append(kept, c)
		}
	}
	k.Contexts = kept
	if drop[k.CurrentContext] {
		k.CurrentContext = ""
	}
}
