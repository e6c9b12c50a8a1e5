// Package report keeps a small local per-cluster cache of the server version
// so version-specific hints can be shown. Nothing leaves the machine.
package report

import (
	"crypto/sha1"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/kdebug-tools/kdebug/internal/kube"
)

type entry struct {
	Version string    `json:"version"`
	Seen    time.Time `json:"seen"`
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

// minor returns the minor version from "v1.29.3" (0 if unknown).
func minor(v string) int {
	parts := strings.Split(strings.TrimPrefix(v, "v"), ".")
	if len(parts) < 2 {
		return 0
	}
	n, _ := strconv.Atoi(strings.TrimRight(parts[1], "+"))
	return n
}

// Hints records the server version locally and returns version-specific tips.
func Hints(c *kube.Context) []string {
	path := filepath.Join(cacheDir(), key(c)+".json")
	var prev entry
	if b, err := os.ReadFile(path); err == nil {
		_ = json.Unmarshal(b, &prev)
	}
	if c.Version != "" && c.Version != prev.Version {
		b, _ := json.Marshal(entry{Version: c.Version, Seen: time.Now().UTC()})
		_ = os.MkdirAll(filepath.Dir(path), 0o700)
		_ = os.WriteFile(path, b, 0o600)
	}

	var out []string
	m := minor(c.Version)
	if prev.Version != "" && prev.Version != c.Version {
		out = append(out, "cluster upgraded from "+prev.Version+" to "+c.Version)
	}
	if m >= 29 {
		out = append(out, "native sidecars (initContainers with restartPolicy: Always) are available")
	}
	if m > 0 && m < 25 {
		out = append(out, "PodSecurityPolicy may still be enforcing; check admission events")
	}
	return out
}
