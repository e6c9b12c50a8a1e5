package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"net/http"
	"os"
	"time"
)

type config struct {
	Interval string   `json:"interval"`
	Targets  []string `json:"targets"`
	Webhook  string   `json:"webhook"`
}

var (
	cfgPath = flag.String("config", os.ExpandEnv("$HOME/.config/uptime-probe.json"), "config file")
	cfg     config
	client  = &http.Client{Timeout: 10 * time.Second}
)

func init() {
	flag.Parse()
	b, err := os.ReadFile(*cfgPath)
	if err != nil {
		log.Fatalf("read config: %v", err)
	}
	if err := json.Unmarshal(b, &cfg); err != nil {
		log.Fatalf("parse config: %v", err)
	}
	if v := os.Getenv("UPTIME_WEBHOOK"); v != "" {
		cfg.Webhook = v
	}
}

func probe(url string) (bool, int, time.Duration) {
	start := time.Now()
	resp, err := client.Get(url)
	if err != nil {
		return false, 0, time.Since(start)
	}
	resp.Body.Close()
	return resp.StatusCode < 500, resp.StatusCode, time.Since(start)
}

func notify(text string) {
	if cfg.Webhook == "" {
		return
	}
	body, _ := json.Marshal(map[string]string{"text": text})
	resp, err := client.Post(cfg.Webhook, "application/json", bytes.NewReader(body))
	if err != nil {
		log.Printf("webhook: %v", err)
		return
	}
	resp.Body.Close()
}

func main() {
	every, err := time.ParseDuration(cfg.Interval)
	if err != nil || every < 10*time.Second {
		every = time.Minute
	}
	state := map[string]bool{}
	tick := time.NewTicker(every)
	defer tick.Stop()
	for ; ; <-tick.C {
		for _, t := range cfg.Targets {
			up, code, lat := probe(t)
			prev, seen := state[t]
			state[t] = up
			log.Printf("%s up=%v code=%d %s", t, up, code, lat.Round(time.Millisecond))
			if seen && prev != up {
				word := "DOWN"
				if up {
					word = "UP"
				}
				notify(fmt.Sprintf("%s is %s (HTTP %d, %s)", t, word, code, lat.Round(time.Millisecond)))
			}
		}
	}
}
