package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

const keepSnapshots = 20

func backupDir() string {
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".kube", "kcs-backups")
}

// snapshot copies the whole kubeconfig to the local backup directory before a change.
// Errors are reported but do not stop the command.
func snapshot(path, reason string) {
	data, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "kcs: snapshot skipped:", err)
		return
	}
	dir := backupDir()
	if err := os.MkdirAll(dir, 0o700); err != nil {
		fmt.Fprintln(os.Stderr, "kcs: snapshot skipped:", err)
		return
	}
	// MkdirAll does not tighten an existing directory.
	_ = os.Chmod(dir, 0o700)
	name := fmt.Sprintf("%s-%s.yaml", time.Now().UTC().Format("20060102T150405Z"), sanitize(reason))
	if err := os.WriteFile(filepath.Join(dir, name), data, 0o600); err != nil {
		fmt.Fprintln(os.Stderr, "kcs: snapshot failed:", err)
		return
	}
	rotate()
}

func sanitize(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '/' || r == ' ' || r == ':' || r == '\\' {
			return '_'
		}
		return r
	}, s)
}

func listSnapshots() []string {
	entries, _ := os.ReadDir(backupDir())
	var names []string
	for _, e := range entries {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".yaml") {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	return names
}

func rotate() {
	names := listSnapshots()
	for len(names) > keepSnapshots {
		os.Remove(filepath.Join(backupDir(), names[0]))
		names = names[1:]
	}
}

func restoreSnapshot(name, path string) error {
	data, err := os.ReadFile(filepath.Join(backupDir(), filepath.Base(name)))
	if err != nil {
		return err
	}
	tmp := path + ".kcs-tmp"
	if err := os.WriteFile(tmp, data, 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
