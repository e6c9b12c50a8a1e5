// Package kube asks kubectl which Kubernetes version the current context
// runs, so schemas can be matched to it. Authentication is left entirely to
// kubectl; this package never reads credentials from the kubeconfig.
package kube

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// Target describes the cluster the current context points at.
type Target struct {
	Name    string
	Version string // e.g. "1.29.4"
}

func DefaultPath() string {
	if p := os.Getenv("KUBECONFIG"); p != "" {
		return strings.Split(p, string(os.PathListSeparator))[0]
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".kube", "config")
}

func kubectl(ctx context.Context, kubeconfig string, args ...string) ([]byte, error) {
	if kubeconfig != "" {
		args = append([]string{"--kubeconfig", kubeconfig}, args...)
	}
	cmd := exec.CommandContext(ctx, "kubectl", args...)
	cmd.Stderr = nil
	return cmd.Output()
}

// Current returns the current context name and its server version.
// It returns an error (and the caller falls back to a default version) when
// kubectl is missing or the cluster is unreachable.
func Current(kubeconfig string) (*Target, error) {
	if _, err := exec.LookPath("kubectl"); err != nil {
		return nil, fmt.Errorf("kubectl not found: %w", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()

	name, err := kubectl(ctx, kubeconfig, "config", "current-context")
	if err != nil {
		return nil, fmt.Errorf("no current context: %w", err)
	}
	t := &Target{Name: strings.TrimSpace(string(name))}

	out, err := kubectl(ctx, kubeconfig, "version", "-o", "json")
	if err != nil && len(out) == 0 {
		return t, fmt.Errorf("kubectl version: %w", err)
	}
	var v struct {
		ServerVersion *struct {
			GitVersion string `json:"gitVersion"`
		} `json:"serverVersion"`
	}
	if err := json.Unmarshal(out, &v); err != nil {
		return t, fmt.Errorf("parse kubectl version: %w", err)
	}
	if v.ServerVersion != nil {
		t.Version = strings.SplitN(strings.TrimPrefix(v.ServerVersion.GitVersion, "v"), "+", 2)[0]
	}
	return t, nil
}

// ExportCRDSchema writes the openAPIV3Schema of an installed CRD version to
// dir, in the file layout the "local" source expects. Used by
// `kvalidate --export-crd <name>`; it runs only when the user asks.
func ExportCRDSchema(kubeconfig, crd, dir string) ([]string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	out, err := kubectl(ctx, kubeconfig, "get", "crd", crd, "-o", "json")
	if err != nil {
		return nil, fmt.Errorf("kubectl get crd %s: %w", crd, err)
	}
	var c struct {
		Spec struct {
			Names    struct{ Kind string } `json:"names"`
			Versions []struct {
				Name   string `json:"name"`
				Schema struct {
					OpenAPIV3Schema json.RawMessage `json:"openAPIV3Schema"`
				} `json:"schema"`
			} `json:"versions"`
		} `json:"spec"`
	}
	if err := json.Unmarshal(out, &c); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var written []string
	for _, v := range c.Spec.Versions {
		name := filepath.Join(dir, fmt.Sprintf("%s_%s.json", strings.ToLower(c.Spec.Names.Kind), v.Name))
		if err := os.WriteFile(name, v.Schema.OpenAPIV3Schema, 0o644); err != nil {
			return written, err
		}
		written = append(written, name)
	}
	return written, nil
}
