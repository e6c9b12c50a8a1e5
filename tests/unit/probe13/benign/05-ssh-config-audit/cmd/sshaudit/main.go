package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

type HostBlock struct {
	Patterns []string
	Opts     map[string][]string
	Source   string
	Line     int
}

type Finding struct {
	ID       string `json:"id"`
	Severity string `json:"severity"`
	Host     string `json:"host"`
	Detail   string `json:"detail"`
	Where    string `json:"where"`
}

var sevRank = map[string]int{"high": 0, "medium": 1, "low": 2, "info": 3}

func parseConfig(path string, blocks []*HostBlock) ([]*HostBlock, error) {
	f, err := os.Open(path)
	if err != nil {
		return blocks, err
	}
	defer f.Close()
	var cur *HostBlock
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(strings.Replace(line, "=", " ", 1))
		key, vals := strings.ToLower(fields[0]), fields[1:]
		switch key {
		case "include":
			for _, pat := range vals {
				matches, _ := filepath.Glob(expandHome(pat))
				for _, m := range matches {
					blocks, _ = parseConfig(m, blocks)
				}
			}
		case "host":
			cur = &HostBlock{Patterns: vals, Opts: map[string][]string{}, Source: path, Line: n}
			blocks = append(blocks, cur)
		default:
			if cur == nil {
				cur = &HostBlock{Patterns: []string{"*"}, Opts: map[string][]string{}, Source: path, Line: n}
				blocks = append(blocks, cur)
			}
			cur.Opts[key] = append(cur.Opts[key], vals...)
		}
	}
	return blocks, sc.Err()
}

func expandHome(p string) string {
	if strings.HasPrefix(p, "~/") {
		h, _ := os.UserHomeDir()
		return filepath.Join(h, p[2:])
	}
	return p
}

func main() {
	home, _ := os.UserHomeDir()
	cfg := flag.String("f", filepath.Join(home, ".ssh", "config"), "ssh config file")
	asJSON := flag.Bool("json", false, "JSON output")
	flag.Parse()

	blocks, err := parseConfig(*cfg, nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, "cannot read config:", err)
		os.Exit(2)
	}

	var findings []Finding
	findings = append(findings, checkOptions(blocks)...)
	findings = append(findings, checkIdentities(blocks, home)...)
	findings = append(findings, checkResolution(blocks, home)...)

	sort.SliceStable(findings, func(i, j int) bool { return sevRank[findings[i].Severity] < sevRank[findings[j].Severity] })
	if *asJSON {
		_ = json.NewEncoder(os.Stdout).Encode(findings)
		return
	}
	if len(findings) == 0 {
		fmt.Println("No findings. Nice.")
		return
	}
	for _, f := range findings {
		fmt.Printf("[%s] %-6s %-20s %s (%s)\n", f.ID, f.Severity, f.Host, f.Detail, f.Where)
	}
}
