// Package bundle writes the diagnostics tarball to local disk.
package bundle

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"os"
	"time"

	"github.com/kdiag/kdiag/internal/collect"
)

// Write creates a gzip tarball on disk with owner-only permissions.
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
