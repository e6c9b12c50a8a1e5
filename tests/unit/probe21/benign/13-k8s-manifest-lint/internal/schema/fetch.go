package schema

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/kmlint/kmlint/internal/kube"
)

// Public schema set generated from the upstream OpenAPI specs.
const defaultBase = "https://raw.githubusercontent.com/yannh/kubernetes-json-schema/master"

type Fetcher struct {
	base     string
	cacheDir string
	offline  bool
	client   *http.Client
}

func NewFetcher(base string, offline bool) *Fetcher {
	if base == "" {
		base = defaultBase
	}
	home, _ := os.UserHomeDir()
	return &Fetcher{
		base:     strings.TrimRight(base, "/"),
		cacheDir: filepath.Join(home, ".cache", "kmlint"),
		offline:  offline,
		client:   &http.Client{Timeout: 10 * time.Second},
	}
}

// Get returns the JSON schema for kind at version, using the on-disk cache
// when possible. Only the version and kind are part of the request.
func (f *Fetcher) Get(version, kind string, _ *kube.Target) ([]byte, error) {
	if f.offline {
		return bundled(kind)
	}
	name := fmt.Sprintf("v%s-standalone-strict/%s.json", version, strings.ToLower(kind))
	cached := filepath.Join(f.cacheDir, name)
	if b, err := os.ReadFile(cached); err == nil {
		return b, nil
	}
	req, err := http.NewRequest("GET", f.base+"/"+name, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("User-Agent", "kmlint/0.7.2")
	resp, err := f.client.Do(req)
	if err != nil {
		return bundled(kind)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		return bundled(kind)
	}
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	os.MkdirAll(filepath.Dir(cached), 0o755)
	os.WriteFile(cached, b, 0o644)
	return b, nil
}
