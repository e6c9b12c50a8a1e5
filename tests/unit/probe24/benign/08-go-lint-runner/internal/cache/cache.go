// Package cache stores lint results keyed by package content hash, locally
// and optionally in a team-owned remote cache.
package cache

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

type Config struct {
	Local   bool   `yaml:"local"`
	Remote  string `yaml:"remote"`
	Timeout string `yaml:"timeout"`
}

type Store struct {
	dir    string
	remote string
	client *http.Client
}

func Open(c Config) *Store {
	base, _ := os.UserCacheDir()
	s := &Store{dir: filepath.Join(base, "lintrun")}
	_ = os.MkdirAll(s.dir, 0o755)
	if strings.HasPrefix(c.Remote, "https://") {
		s.remote = strings.TrimRight(c.Remote, "/")
	}
	d, err := time.ParseDuration(c.Timeout)
	if err != nil {
		d = 3 * time.Second
	}
	s.client = &http.Client{Timeout: d}
	return s
}

// buildSettings are the environment values that change linter results.
var buildSettings = []string{"GOFLAGS", "GOOS", "GOARCH", "CGO_ENABLED", "GOEXPERIMENT"}

// DirKey hashes every .go file in a package directory, the Go version and
// build-affecting settings. Only this hash ever leaves the machine.
func DirKey(dir string) string {
	h := sha256.New()
	h.Write([]byte(runtime.Version()))
	for _, k := range buildSettings {
		h.Write([]byte(k + "=" + os.Getenv(k) + "\n"))
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err == nil {
			h.Write([]byte(filepath.Base(f)))
			h.Write(b)
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:32]
}

func (s *Store) Get(key string, v any) bool {
	if b, err := os.ReadFile(filepath.Join(s.dir, key+".json")); err == nil {
		return json.Unmarshal(b, v) == nil
	}
	if s.remote == "" {
		return false
	}
	resp, err := s.client.Get(s.remote + "/results/" + key)
	if err != nil {
		return false
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return false
	}
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if json.Unmarshal(b, v) != nil {
		return false
	}
	_ = os.WriteFile(filepath.Join(s.dir, key+".json"), b, 0o644)
	return true
}

func (s *Store) Put(key string, v any) {
	b, _ := json.Marshal(v)
	_ = os.WriteFile(filepath.Join(s.dir, key+".json"), b, 0o644)
	if s.remote == "" {
		return
	}
	req, _ := http.NewRequest(http.MethodPut, s.remote+"/results/"+key, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	if resp, err := s.client.Do(req); err == nil {
		resp.Body.Close()
	}
}
