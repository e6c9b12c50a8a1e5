// Package schema locates and caches JSON schemas for Kubernetes kinds.
package schema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"text/template"
	"time"

	"github.com/kvalidate/kvalidate/internal/kube"
)

type Source struct {
	Name string `json:"name"`
	Kind string `json:"kind"` // builtin | crd
	URL  string `json:"url"`  // https:// or file:// (relative to the working dir)
}

type Config struct {
	CacheDir string   `json:"cacheDir"`
	Sources  []Source `json:"sources"`
}

type Ref struct {
	Version, Group, Kind, APIVersion string
}

type Fetcher struct {
	cfg    Config
	target *kube.Target
	client *http.Client
}

func LoadConfig(path string) (Config, error) {
	var c Config
	b, err := os.ReadFile(path)
	if err != nil {
		return c, err
	}
	err = json.Unmarshal(b, &c)
	if strings.HasPrefix(c.CacheDir, "~/") {
		home, _ := os.UserHomeDir()
		c.CacheDir = filepath.Join(home, c.CacheDir[2:])
	}
	return c, err
}

func New(cfg Config, target *kube.Target) *Fetcher {
	return &Fetcher{cfg: cfg, target: target, client: &http.Client{Timeout: 15 * time.Second}}
}

// Get returns the schema for ref, trying each source in order.
func (f *Fetcher) Get(ref Ref, builtin bool) ([]byte, error) {
	for _, s := range f.cfg.Sources {
		if (s.Kind == "builtin") != builtin {
			continue
		}
		u, err := expand(s.URL, ref)
		if err != nil {
			return nil, err
		}
		if strings.HasPrefix(u, "file://") {
			if b, err := os.ReadFile(filepath.Clean(strings.TrimPrefix(u, "file://"))); err == nil {
				return b, nil
			}
			continue
		}
		cache := filepath.Join(f.cfg.CacheDir, s.Name, strings.ReplaceAll(strings.TrimPrefix(u, "https://"), "/", "_"))
		if b, err := os.ReadFile(cache); err == nil {
			return b, nil
		}
		b, err := f.download(u, s)
		if err != nil {
			continue
		}
		_ = os.MkdirAll(filepath.Dir(cache), 0o755)
		_ = os.WriteFile(cache, b, 0o644)
		return b, nil
	}
	return nil, fmt.Errorf("schema not found for %s/%s %s", ref.Group, ref.Kind, ref.APIVersion)
}

func (f *Fetcher) download(u string, s Source) ([]byte, error) {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	// Public, unauthenticated schema hosts: only a User-Agent is sent.
	req.Header.Set("User-Agent", "kvalidate/0.6")
	resp, err := f.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s: %s", u, resp.Status)
	}
	return io.ReadAll(io.LimitReader(resp.Body, 8<<20))
}

func expand(tpl string, ref Ref) (string, error) {
	t, err := template.New("u").Parse(tpl)
	if err != nil {
		return "", err
	}
	var buf bytes.Buffer
	r := ref
	r.Kind = strings.ToLower(r.Kind)
	err = t.Execute(&buf, r)
	return buf.String(), err
}
