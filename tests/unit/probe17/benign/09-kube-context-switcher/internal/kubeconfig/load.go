// Package kubeconfig loads and edits kubeconfig files the same way kubectl does.
package kubeconfig

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"k8s.io/client-go/tools/clientcmd"
	api "k8s.io/client-go/tools/clientcmd/api"
)

// Context is a display-safe summary of a kubeconfig context.
type Context struct {
	Name      string
	Cluster   string
	Server    string
	Namespace string
	User      string
	AuthType  string
	Current   bool
}

// Rules returns loading rules honouring $KUBECONFIG.
func Rules() *clientcmd.ClientConfigLoadingRules {
	return clientcmd.NewDefaultClientConfigLoadingRules()
}

// Load merges all kubeconfig files.
func Load() (*api.Config, error) {
	cfg, err := Rules().Load()
	if err != nil {
		return nil, fmt.Errorf("load kubeconfig: %w", err)
	}
	return cfg, nil
}

// AuthType describes how a user authenticates without revealing secrets.
func AuthType(u *api.AuthInfo) string {
	switch {
	case u == nil:
		return "none"
	case u.Exec != nil:
		return "exec:" + filepath.Base(u.Exec.Command)
	case u.AuthProvider != nil:
		return "provider:" + u.AuthProvider.Name
	case u.Token != "" || u.TokenFile != "":
		return "token"
	case len(u.ClientCertificateData) > 0 || u.ClientCertificate != "":
		return "client-cert"
	case u.Username != "":
		return "basic"
	default:
		return "none"
	}
}

// List returns sorted, display-safe context summaries.
func List(cfg *api.Config) []Context {
	out := make([]Context, 0, len(cfg.Contexts))
	for name, c := range cfg.Contexts {
		ctx := Context{Name: name, Cluster: c.Cluster, Namespace: c.Namespace, User: c.AuthInfo,
			Current: name == cfg.CurrentContext}
		if cl, ok := cfg.Clusters[c.Cluster]; ok {
			ctx.Server = cl.Server
		}
		ctx.AuthType = AuthType(cfg.AuthInfos[c.AuthInfo])
		if ctx.Namespace == "" {
			ctx.Namespace = "default"
		}
		out = append(out, ctx)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// IsProd reports whether a context name looks like production.
func IsProd(name string) bool {
	n := strings.ToLower(name)
	return strings.Contains(n, "prod") || strings.Contains(n, "prd") || strings.Contains(n, "live")
}

// Use sets current-context in the file kubectl would modify.
func Use(name string) error {
	rules := Rules()
	cfg, err := rules.Load()
	if err != nil {
		return err
	}
	if _, ok := cfg.Contexts[name]; !ok {
		return fmt.Errorf("context %q not found", name)
	}
	target := rules.GetDefaultFilename()
	if files := rules.GetLoadingPrecedence(); len(files) > 0 {
		for _, f := range files {
			if _, err := os.Stat(f); err == nil {
				target = f
				break
			}
		}
	}
	file, err := clientcmd.LoadFromFile(target)
	if err != nil {
		return err
	}
	file.CurrentContext = name
	return clientcmd.WriteToFile(*file, target)
}
