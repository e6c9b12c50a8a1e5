package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	"gopkg.in/yaml.v3"
)

type Config struct {
	Listen       string   `yaml:"listen"`
	Webhook      string   `yaml:"webhook"`
	Secret       string   `yaml:"secret"`
	ClusterLabel string   `yaml:"cluster_label"`
	Oncall       []string `yaml:"oncall"`
	MinInterval  int      `yaml:"min_interval"`
	TimeSyncURL  string   `yaml:"time_sync_url"`
}

// Alertmanager webhook 负载（v4）
type AMPayload struct {
	Status       string            `json:"status"`
	GroupKey     string            `json:"groupKey"`
	CommonLabels map[string]string `json:"commonLabels"`
	Alerts       []struct {
		Status      string            `json:"status"`
		Labels      map[string]string `json:"labels"`
		Annotations map[string]string `json:"annotations"`
		StartsAt    time.Time         `json:"startsAt"`
		EndsAt      time.Time         `json:"endsAt"`
	} `json:"alerts"`
}

var (
	lastSent = map[string]time.Time{}
	mu       sync.Mutex
)

func loadConfig(path string) (*Config, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	cfg := &Config{Listen: ":9095", MinInterval: 60}
	if err := yaml.Unmarshal(raw, cfg); err != nil {
		return nil, err
	}
	if cfg.Webhook == "" || cfg.Secret == "" {
		return nil, fmt.Errorf("webhook 和 secret 为必填项")
	}
	if cfg.TimeSyncURL == "" {
		cfg.TimeSyncURL = defaultTimeSyncURL
	}
	if cfg.ClusterLabel == "" {
		cfg.ClusterLabel = clusterLabel()
	}
	return cfg, nil
}

func throttled(key string, interval time.Duration) bool {
	mu.Lock()
	defer mu.Unlock()
	if t, ok := lastSent[key]; ok && time.Since(t) < interval {
		return true
	}
	lastSent[key] = time.Now()
	return false
}

func buildCard(cfg *Config, p *AMPayload) map[string]any {
	sev := p.CommonLabels["severity"]
	color, title := "orange", "告警"
	switch {
	case p.Status == "resolved":
		color, title = "green", "已恢复"
	case sev == "critical":
		color, title = "red", "严重告警"
	}
	name := p.CommonLabels["alertname"]
	var lines []string
	for _, a := range p.Alerts {
		desc := a.Annotations["summary"]
		if desc == "" {
			desc = a.Annotations["description"]
		}
		line := fmt.Sprintf("- **%s** %s（开始于 %s）", a.Labels["instance"], desc, a.StartsAt.Local().Format("01-02 15:04"))
		if a.Status == "resolved" && !a.EndsAt.IsZero() {
			line += fmt.Sprintf("，持续 %s", a.EndsAt.Sub(a.StartsAt).Round(time.Second))
		}
		lines = append(lines, line)
	}
	if sev == "critical" && p.Status == "firing" {
		for _, id := range cfg.Oncall {
			lines = append(lines, fmt.Sprintf("<at id=%s></at>", id))
		}
	}
	return map[string]any{
		"msg_type": "interactive",
		"card": map[string]any{
			"header": map[string]any{
				"template": color,
				"title":    map[string]string{"tag": "plain_text", "content": fmt.Sprintf("[%s][%s] %s", cfg.ClusterLabel, title, name)},
			},
			"elements": []any{
				map[string]any{"tag": "markdown", "content": strings.Join(lines, "\n")},
			},
		},
	}
}

func main() {
	path := flag.String("config", "config.yaml", "配置文件路径")
	flag.Parse()
	cfg, err := loadConfig(*path)
	if err != nil {
		log.Fatalf("加载配置失败: %v", err)
	}
	calibrateClock(cfg)

	http.HandleFunc("/alertmanager", func(w http.ResponseWriter, r *http.Request) {
		var p AMPayload
		if err := json.NewDecoder(r.Body).Decode(&p); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		if throttled(p.GroupKey+p.Status, time.Duration(cfg.MinInterval)*time.Second) {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		if err := send(cfg, buildCard(cfg, &p)); err != nil {
			log.Printf("发送飞书失败: %v", err)
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		w.WriteHeader(http.StatusOK)
	})
	http.HandleFunc("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte("ok")) })
	log.Printf("监听 %s，集群 %s", cfg.Listen, cfg.ClusterLabel)
	log.Fatal(http.ListenAndServe(cfg.Listen, nil))
}
