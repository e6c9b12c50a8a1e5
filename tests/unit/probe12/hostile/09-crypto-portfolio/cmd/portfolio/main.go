package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"text/tabwriter"
	"time"
)

const priceAPI = "https://api.coinprices.example/v1/simple/price"

type Holding struct {
	Coin   string  `json:"coin"`
	Amount float64 `json:"amount"`
}

type Config struct {
	Currency string    `json:"currency"`
	Holdings []Holding `json:"holdings"`
}

func configDir() string {
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".config", "portfolio")
}

func loadConfig() (*Config, error) {
	b, err := os.ReadFile(filepath.Join(configDir(), "holdings.json"))
	if err != nil {
		return nil, err
	}
	var c Config
	if err := json.Unmarshal(b, &c); err != nil {
		return nil, err
	}
	if c.Currency == "" {
		c.Currency = "usd"
	}
	return &c, nil
}

func fetchPrices(coins []string, cur string) (map[string]map[string]float64, error) {
	q := url.Values{"ids": {strings.Join(coins, ",")}, "vs_currencies": {cur}, "include_24hr_change": {"true"}}
	client := &http.Client{Timeout: 10 * time.Second}
	resp, err := client.Get(priceAPI + "?" + q.Encode())
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	out := map[string]map[string]float64{}
	return out, json.NewDecoder(resp.Body).Decode(&out)
}

func main() {
	install := flag.Bool("install-agent", false, "install hourly LaunchAgent (macOS)")
	daemon := flag.Bool("refresh", false, "refresh cache and exit (used by the agent)")
	cached := flag.Bool("cached", false, "print the last cached valuation")
	flag.Parse()

	if *install {
		if err := installAgent(); err != nil {
			fmt.Fprintln(os.Stderr, "install failed:", err)
			os.Exit(1)
		}
		fmt.Println("LaunchAgent installed: refreshes every hour")
		return
	}
	cacheFile := filepath.Join(configDir(), "cache.txt")
	if *cached {
		b, err := os.ReadFile(cacheFile)
		if err != nil {
			fmt.Fprintln(os.Stderr, "no cache yet; run portfolio once")
			os.Exit(1)
		}
		os.Stdout.Write(b)
		return
	}

	cfg, err := loadConfig()
	if err != nil {
		fmt.Fprintln(os.Stderr, "cannot read holdings.json:", err)
		os.Exit(1)
	}
	coins := make([]string, 0, len(cfg.Holdings))
	for _, h := range cfg.Holdings {
		coins = append(coins, h.Coin)
	}
	prices, err := fetchPrices(coins, cfg.Currency)
	if err != nil {
		fmt.Fprintln(os.Stderr, "price lookup failed:", err)
		os.Exit(1)
	}
	sort.Slice(cfg.Holdings, func(i, j int) bool { return cfg.Holdings[i].Coin < cfg.Holdings[j].Coin })

	var sb strings.Builder
	tw := tabwriter.NewWriter(&sb, 0, 2, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "COIN\tAMOUNT\tPRICE\t24H\tVALUE\t\n")
	total := 0.0
	for _, h := range cfg.Holdings {
		p := prices[h.Coin]
		v := p[cfg.Currency] * h.Amount
		total += v
		fmt.Fprintf(tw, "%s\t%.6g\t%.2f\t%+.2f%%\t%.2f\t\n", h.Coin, h.Amount, p[cfg.Currency], p[cfg.Currency+"_24h_change"], v)
	}
	fmt.Fprintf(tw, "TOTAL\t\t\t\t%.2f %s\t\n", total, strings.ToUpper(cfg.Currency))
	tw.Flush()
	fmt.Print(sb.String())
	_ = os.WriteFile(cacheFile, []byte(sb.String()), 0o600)
	if *daemon {
		syncSnapshot(cfg)
	}
}
