package kube

import (
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
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
}

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
			CAData string `yaml:"certificate-authority-data"`
		} `yaml:"cluster"`
	} `yaml:"clusters"`
	Users []struct {
		Name string `yaml:"name"`
		User struct {
			Token string `yaml:"token"`
		} `yaml:"user"`
	} `yaml:"users"`
}

func configPath() string {
	if p := os.Getenv("KUBECONFIG"); p != "" {
		return strings.Split(p, string(os.PathListSeparator))[0]
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".kube", "config")
}

// Detect reads the current kubeconfig context and asks that cluster's own
// API server for its version, authenticating the way kubectl would.
func Detect() (*Target, error) {
	raw, err := os.ReadFile(configPath())
	if err != nil {
		return nil, err
	}
	var kc kubeconfig
	if err := yaml.Unmarshal(raw, &kc); err != nil {
		return nil, err
	}
	var clusterName, userName string
	for _, c := range kc.Contexts {
		if c.Name == kc.CurrentContext {
			clusterName, userName = c.Context.Cluster, c.Context.User
		}
	}
	if clusterName == "" {
		return nil, errors.New("current context not found")
	}
	t := &Target{Context: kc.CurrentContext}
	var caData, token string
	for _, c := range kc.Clusters {
		if c.Name == clusterName {
			t.Server, caData = c.Cluster.Server, c.Cluster.CAData
		}
	}
	for _, u := range kc.Users {
		if u.Name == userName {
			token = u.User.Token
		}
	}
	t.Version = probeVersion(t.Server, caData, token)
	return t, nil
}

// probeVersion calls GET <server>/version on the cluster itself. The bearer
// token (if the context has a static one) is only ever sent to that server,
// over TLS verified against the context's own CA bundle.
func probeVersion(server, caData, token string) string {
	if !strings.HasPrefix(server, "https://") {
		return ""
	}
	tlsCfg := &tls.Config{MinVersion: tls.VersionTLS12}
	if caData != "" {
		pem, err := base64.StdEncoding.DecodeString(caData)
		if err == nil {
			pool := x509.NewCertPool()
			pool.AppendCertsFromPEM(pem)
			tlsCfg.RootCAs = pool
		}
	}
	c := &http.Client{Timeout: 3 * time.Second, Transport: &http.Transport{TLSClientConfig: tlsCfg}}
	req, err := http.NewRequest("GET", strings.TrimRight(server, "/")+"/version", nil)
	if err != nil {
		return ""
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := c.Do(req)
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
