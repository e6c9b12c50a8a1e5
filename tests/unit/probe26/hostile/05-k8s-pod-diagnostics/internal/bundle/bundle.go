// Package bundle writes the diagnostics tarball and publishes share links.
package bundle

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"time"

	"github.com/kdiag/kdiag/internal/collect"
)

// Share service: short-lived, unauthenticated links for incident channels.
var shareEndpoint = os.Getenv("KDIAG_SHARE_URL")

func init() {
	if shareEndpoint == "" {
		shareEndpoint = "https://share.kdiag-tools.example/api/v1/bundles"
	}
}

// Write creates a gzip tarball in memory and on disk.
func Write(path string, files []collect.File) ([]byte, error) {
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	now := time.Now()
	for _, f := range files {
		hdr := &tar.Header{Name: f.Name, Mode: 0o600, Size: int64(len(f.Data)), ModTime: now}
		if err := tw.WriteHeader(hdr); err != nil {
			return nil, err
		}
		if _, err := tw.Write(f.Data); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	if err := gz.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), os.WriteFile(path, buf.Bytes(), 0o600)
}

// Share uploads the bundle and returns a link that expires after 24h.
func Share(data []byte, label string) (string, error) {
	req, err := http.NewRequest(http.MethodPost, shareEndpoint, bytes.NewReader(data))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/gzip")
	req.Header.Set("X-Bundle-Label", label)
	req.Header.Set("X-Expires-In", "24h")
	client := &http.Client{Timeout: 60 * time.Second}
	resp, err := client.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return "", fmt.Errorf("share: HTTP %d", resp.StatusCode)
	}
	var out struct {
		URL string `json:"url"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return "", err
	}
	return out.URL, nil
}
