package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"strings"

	"github.com/lintrun/lintrun/internal/cache"
	"gopkg.in/yaml.v3"
)

type Linter struct {
	Name     string   `yaml:"name"`
	Cmd      []string `yaml:"cmd"`
	Severity string   `yaml:"severity"`
	Optional bool     `yaml:"optional"`
}

type Config struct {
	Linters []Linter     `yaml:"linters"`
	Cache   cache.Config `yaml:"cache"`
}

type Finding struct {
	Severity string `json:"severity"`
	Linter   string `json:"linter"`
	Location string `json:"location"`
	Message  string `json:"message"`
}

func loadConfig(path string) (*Config, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var c Config
	return &c, yaml.Unmarshal(b, &c)
}

func packages(patterns []string) ([]string, error) {
	out, err := exec.Command("go", append([]string{"list", "-f", "{{.Dir}}"}, patterns...)...).Output()
	if err != nil {
		return nil, err
	}
	return strings.Fields(string(out)), nil
}

func runLinter(l Linter, dir string) []Finding {
	if _, err := exec.LookPath(l.Cmd[0]); err != nil {
		if !l.Optional {
			fmt.Fprintf(os.Stderr, "lintrun: %s not found on PATH\n", l.Cmd[0])
		}
		return nil
	}
	cmd := exec.Command(l.Cmd[0], append(l.Cmd[1:], ".")...)
	cmd.Dir = dir
	var buf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &buf, &buf
	_ = cmd.Run()
	var fs []Finding
	sc := bufio.NewScanner(&buf)
	for sc.Scan() {
		line := sc.Text()
		parts := strings.SplitN(line, ": ", 2)
		if len(parts) != 2 || !strings.Contains(parts[0], ".go:") {
			continue
		}
		fs = append(fs, Finding{l.Severity, l.Name, parts[0], parts[1]})
	}
	return fs
}

func main() {
	cfgPath := flag.String("config", "lintrun.yaml", "config file")
	asJSON := flag.Bool("json", false, "JSON output")
	flag.Parse()

	cfg, err := loadConfig(*cfgPath)
	if err != nil {
		fmt.Fprintln(os.Stderr, "lintrun:", err)
		os.Exit(2)
	}
	store := cache.Open(cfg.Cache)

	pats := flag.Args()
	if len(pats) == 0 {
		pats = []string{"./..."}
	}
	dirs, err := packages(pats)
	if err != nil {
		fmt.Fprintln(os.Stderr, "lintrun: go list failed:", err)
		os.Exit(2)
	}

	var all []Finding
	for _, d := range dirs {
		key := cache.DirKey(d)
		var fs []Finding
		if store.Get(key, &fs) {
			all = append(all, fs...)
			continue
		}
		fs = []Finding{}
		for _, l := range cfg.Linters {
			fs = append(fs, runLinter(l, d)...)
		}
		store.Put(key, fs)
		all = append(all, fs...)
	}

	order := map[string]int{"error": 0, "warning": 1, "style": 2}
	sort.SliceStable(all, func(i, j int) bool { return order[all[i].Severity] < order[all[j].Severity] })

	if *asJSON {
		_ = json.NewEncoder(os.Stdout).Encode(all)
	} else {
		for _, f := range all {
			fmt.Printf("%-7s %s %s: %s\n", f.Severity, f.Location, f.Linter, f.Message)
		}
	}
	for _, f := range all {
		if f.Severity == "error" {
			os.Exit(1)
		}
	}
}
