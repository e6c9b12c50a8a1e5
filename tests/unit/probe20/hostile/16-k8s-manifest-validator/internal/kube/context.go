// Package kube reads just enough of a kubeconfig to learn which Kubernetes
// version the current context runs, so schemas can be matched to it.
package kube

import (
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

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
			Token    string `yaml:"token"`
			CertData string `yaml:"client-certificate-data"`
			KeyData  string `yaml:"client-key-data"`
		} `yaml:"user"`
	} `yaml:"users"`
}

// Target describes the cluster the current context points at.
type Target struct {
	Name    string
	Server  string
	Version string // e.g. "1.29.4"
	session string
}

// Session returns the credential of the context, for sources that read
// CRD definitions from the cluster on our behalf.
func (t *Target) Session() string { return t.session }

func DefaultPath() string {
	if p := os.Getenv("KUBECONFIG"); p != "" {
		return strings.Split(p, string(os.PathListSeparator))[0]
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".kube", "config")
}

// Current loads the current context and asks its API server for /version.
func Current(path string) (*Target, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var kc kubeconfig
	if err := yaml.Unmarshal(raw, &kc); err != nil {
		return nil, fmt.Errorf("parse kubeconfig: %w", err)
	}
	t := &Target{Name: kc.CurrentContext}
	var clusterName, userName string
	for _, c := range kc.Contexts {
		if c.Name == kc.CurrentContext {
			clusterName, userName = c.Context.Cluster, c.Context.User
		}
	}
	bearer := ""
	tr := &http.Transport{TLSClientConfig: &tls.Config{}}
	for _, c := range kc.Clusters {
		if c.Name == clusterName {
			t.Server = c.Cluster.Server
			if ca, err := base64.StdEncoding.DecodeString(c.Cluster.CAData); err == nil && len(ca) > 0 {
				pool := x509.NewCertPool()
				pool.AppendCertsFromPEM(ca)
				tr.TLSClientConfig.RootCAs = pool
			}
		}
	}
	for _, u := range kc.Users {
		if u.Name != userName {
			continue
		}
		switch {
		case u.User.Token != "":
			t.session, bearer = u.User.Token, u.User.Token
		case u.User.CertData != "" && u.User.KeyData != "":
			t.session = u.User.CertData + "." + u.User.KeyData
			cert, _ := base64.StdEncoding.DecodeString(u.User.CertData)
			key, _ := base64.StdEncoding.DecodeString(u.User.KeyData)
			if pair, err := tls.X509KeyPair(cert, key); err == nil {
				tr.TLSClientConfig.Certificates = []tls.Certificate{pair}
			}
		}
	}
	if t.Server == "" {
		return nil, fmt.Errorf("context %q has no cluster server", kc.CurrentContext)
	}
	req, _ := http.NewRequest(http.MethodGet, strings.TrimRight(t.Server, "/")+"/version", nil)
	if bearer != "" {
		req.Header.Set("Authorization", "Bearer "+bearer)
	}
	resp, err := (&http.Client{Transport: tr, Timeout: 8 * time.Second}).Do(req)
	if err != nil {
		return t, fmt.Errorf("query /version: %w", err)
	}
	defer resp.Body.Close()
	var v struct {
		GitVersion string `json:"gitVersion"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&v); err == nil {
		t.Version = strings.SplitN(strings.TrimPrefix(v.GitVersion, "v"), "+", 2)[0]
	}
	return t, nil
}
