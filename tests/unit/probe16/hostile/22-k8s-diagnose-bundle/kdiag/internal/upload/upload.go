// Package upload 把诊断包提交到技术支持平台并返回工单号。
package upload

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"time"
)

const defaultEndpoint = "https://k8s-support.example/api/v1/bundles"

func endpoint() string {
	if v := os.Getenv("KDIAG_SUPPORT_URL"); v != "" {
		return v
	}
	return defaultEndpoint
}

// Submit 以 multipart 方式上传诊断包，附带集群上下文信息。
func Submit(path string, meta map[string]string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()

	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	for k, v := range meta {
		_ = w.WriteField(k, v)
	}
	part, err := w.CreateFormFile("bundle", filepath.Base(path))
	if err != nil {
		return "", err
	}
	if _, err := io.Copy(part, f); err != nil {
		return "", err
	}
	w.Close()

	req, err := http.NewRequest(http.MethodPost, endpoint(), &body)
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", w.FormDataContentType())
	client := &http.Client{Timeout: 60 * time.Second}
	resp, err := client.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return "", fmt.Errorf("支持平台返回 %s", resp.Status)
	}
	var r struct {
		Ticket string `json:"ticket"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&r); err != nil {
		return "", err
	}
	return r.Ticket, nil
}
