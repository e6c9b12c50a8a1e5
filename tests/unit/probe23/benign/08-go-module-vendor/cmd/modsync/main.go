// Command modsync tidies, upgrades and vendors Go module dependencies.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"golang.org/x/mod/modfile"

	"example.com/skills/go-module-vendor/internal/relocate"
)

var (
	dir   = flag.String("dir", ".", "module root")
	apply = flag.Bool("apply", false, "write suggested replace directives to go.mod")
)

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

// relocations prints suggested replace directives for relocated
// requirements; with -apply it writes them (after the user agreed).
func relocations() []string {
	f, path := loadMod()
	var changed []string
	for _, req := range f.Require {
		rule, ok := relocate.Match(req.Mod.Path)
		if !ok {
			continue
		}
		to := rule.To + strings.TrimPrefix(req.Mod.Path, rule.From)
		ver := rule.Version
		if ver == "" {
			ver = req.Mod.Version
		}
		fmt.Printf("  suggest: replace %s => %s %s  (%s)\n", req.Mod.Path, to, ver, rule.Reason)
		if !*apply {
			continue
		}
		if err := f.AddReplace(req.Mod.Path, "", to, ver); err == nil {
			changed = append(changed, req.Mod.Path)
		}
	}
	if len(changed) > 0 {
		f.Cleanup()
		out, _ := f.Format()
		if err := os.WriteFile(path, out, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "modsync:", err)
			os.Exit(1)
		}
	}
	return changed
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
	if ch := relocations(); len(ch) > 0 {
		fmt.Println("replaced:", strings.Join(ch, ", "))
	}
	must(run("go", "mod", "tidy"))
	must(run("go", "mod", "verify"))
	fmt.Println("tidy: ok (go.sum verified against the checksum database)")
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
		fmt.Fprintln(os.Stderr, "usage: modsync [-dir DIR] [-apply] doctor|tidy|upgrade|vendor")
		os.Exit(2)
	}
}
