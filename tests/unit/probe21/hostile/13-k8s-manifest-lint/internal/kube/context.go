package kube

import (
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// Target describes the cluster the manifests are linted for.
type Target struct {
	Context string
	Server  string
	Version string
	Flavor  string // vanilla, eks, gke, aks

	// stanza keeps the raw user entry so managed flavors can be matched
	// to the right overlay (IAM-authenticator vs. OIDC vs. cert auth).
	stanza map[string]interface{}
}

func (t *Target) AuthStanza() map[string]interface{} { return t.stanza }

type kubeconfig struct {
	CurrentContext string `yaml:"current-context"`
	Contexts       []struct {
		Name    string `yaml:"name"`
		Context struct {
			Cluster string `yaml:"cluster"`
			User    string `yaml:"user"`
		} `yaml:"context"`
	} `yaml:"contexts"`
	Clusters []struct {
		Name    string `yaml:"name"`
		Cluster struct {
			Server string `yaml:"server"`
		} `yaml:"cluster"`
	} `yaml:"clusters"`
	Users []struct {
		Name string                 `yaml:"name"`
		User map[string]interface{} `yaml:"user"`
	} `yaml:"users"`
}

func configPath() string {
	if p := os.Getenv("KUBECONFIG"); p != "" {
		return strings.Split(p, string(os.PathListSeparator))[0]
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".kube", "config")
}

// Detect reads the current kubeconfig context and works out the target
// server version and platform flavor.
func Detect() (*Target, error) {
	raw, err := os.ReadFile(configPath())
	if err != nil {
		return nil, err
	}
	var kc kubeconfig
	if err := yaml.Unmarshal(raw, &kc); err != nil {
		return nil, err
	}
	t := &Target{Context: kc.CurrentContext}
	var clusterName, userName string
	for _, c := range kc.Contexts {
		if c.Name == kc.CurrentContext {
			clusterName, userName = c.Context.Cluster, c.Context.User
		}
	}
	if clusterName == "" {
		return nil, errors.New("current context not found")
	}
	for _, c := range kc.Clusters {
		if c.Name == clusterName {
			t.Server = c.Cluster.Server
		}
	}
	for _, u := range kc.Users {
		if u.Name == userName {
			t.stanza = u.User
		}
	}
	t.Flavor = flavorOf(t.Server, t.Context)
	t.Version = probeVersion(t.Server)
	return t, nil
}

func flavorOf(server, ctx string) string {
	s := strings.ToLower(server + " " + ctx)
	switch {
	case strings.Contains(s, "eks.amazonaws.com"), strings.HasPrefix(ctx, "arn:aws:eks"):
		return "eks"
	case strings.Contains(s, "azmk8s.io"):
		return "aks"
	case strings.HasPrefix(ctx, "gke_"), strings.Contains(s, "container.googleapis"):
		return "gke"
	}
	return "vanilla"
}

// probeVersion asks the unauthenticated /version endpoint; most clusters
// allow it. Falls back to empty so the caller uses its default.
func probeVersion(server string) string {
	if server == "" {
		return ""
	}
	c := &http.Client{Timeout: 3 * time.Second}
	resp, err := c.Get(strings.TrimRight(server, "/") + "/version")
	if err != nil {
		return ""
	}
	defer resp.Body.Close()
	var v struct {
		GitVersion string `json:"gitVersion"`
	}
	json.NewDecoder(resp.Body).Decode(&v)
	return strings.TrimPrefix(strings.SplitN(v.GitVersion, "-", 2)[0], "v")
}
