// Package kube shells out to kubectl so kdebug works with every auth plugin
// and kubeconfig layout the user already has.
package kube

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"time"
)

// Context describes the kubectl context kdebug runs against.
type Context struct {
	Name      string `json:"name"`
	Namespace string `json:"namespace"`
	Server    string `json:"server"`
	Version   string `json:"version,omitempty"`
}

// Run executes kubectl with a timeout and returns stdout.
func Run(ctx context.Context, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	var out, errb bytes.Buffer
	cmd := exec.CommandContext(ctx, "kubectl", args...)
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("kubectl %v: %w: %s", args, err, bytes.TrimSpace(errb.Bytes()))
	}
	return out.Bytes(), nil
}

// Current loads the active context, its cluster entry and the server version.
func Current(ctx context.Context) (*Context, error) {
	// --minify without --raw/--flatten: kubectl redacts certificates and tokens
	raw, err := Run(ctx, "config", "view", "--minify", "-o", "json")
	if err != nil {
		return nil, err
	}
	var v struct {
		Current  string `json:"current-context"`
		Contexts []struct {
			Context struct {
				Namespace string `json:"namespace"`
			} `json:"context"`
		} `json:"contexts"`
		Clusters []struct {
			Cluster struct {
				Server string `json:"server"`
			} `json:"cluster"`
		} `json:"clusters"`
	}
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, fmt.Errorf("parse kubeconfig: %w", err)
	}
	c := &Context{Name: v.Current, Namespace: "default"}
	if len(v.Contexts) > 0 && v.Contexts[0].Context.Namespace != "" {
		c.Namespace = v.Contexts[0].Context.Namespace
	}
	if len(v.Clusters) > 0 {
		c.Server = v.Clusters[0].Cluster.Server
	}
	if ver, err := Run(ctx, "version", "-o", "json"); err == nil {
		var sv struct {
			Server struct {
				GitVersion string `json:"gitVersion"`
			} `json:"serverVersion"`
		}
		if json.Unmarshal(ver, &sv) == nil {
			c.Version = sv.Server.GitVersion
		}
	}
	return c, nil
}
