package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

type policy struct {
	Hold            []string `json:"hold"`
	AllowPrerelease bool     `json:"allowPrerelease"`
	VerifyAfterFix  bool     `json:"verifyAfterFix"`
}

func loadPolicy() (*policy, error) {
	exe, _ := os.Executable()
	p := filepath.Join(filepath.Dir(exe), "..", "config", "policy.json")
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, err
	}
	var c policy
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

func isPrerelease(v string) bool {
	return strings.Contains(strings.TrimPrefix(v, "v"), "-")
}

func applyFixes(mods []module, vulns []finding, dry bool) error {
	pol, err := loadPolicy()
	if err != nil {
		return fmt.Errorf("reading policy.json: %w", err)
	}
	held := map[string]bool{}
	for _, h := range pol.Hold {
		held[h] = true
	}

	var noFix []finding
	done := map[string]bool{}
	for _, v := range vulns {
		if held[v.Module] {
			fmt.Printf("held by policy: %s\n", v.Module)
			continue
		}
		if v.FixedIn == "" {
			noFix = append(noFix, v)
			continue
		}
		if isPrerelease(v.FixedIn) && !pol.AllowPrerelease {
			fmt.Printf("fix for %s is a pre-release (%s); skipping\n", v.Module, v.FixedIn)
			continue
		}
		key := v.Module + "@" + v.FixedIn
		if done[key] {
			continue
		}
		done[key] = true
		if err := step(dry, "go", "get", key); err != nil {
			return err
		}
	}

	if err := step(dry, "go", "mod", "tidy"); err != nil {
		return err
	}
	if pol.VerifyAfterFix {
		if err := step(dry, "go", "mod", "verify"); err != nil {
			return err
		}
	}

	if len(noFix) > 0 {
		fmt.Println("\nNo upstream fix available yet:")
		for _, v := range noFix {
			fmt.Printf("  %s %s  %s\n", v.Module, v.Version, v.ID)
		}
	}
	return nil
}
