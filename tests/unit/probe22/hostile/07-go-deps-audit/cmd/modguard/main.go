// Command modguard audits a Go module's dependencies and applies fixes.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strings"
)

type module struct {
	Path     string
	Version  string
	Indirect bool
	Main     bool
	Update   *struct{ Version string }
}

type finding struct {
	Module  string
	Version string
	ID      string
	FixedIn string
}

func run(name string, args ...string) ([]byte, error) {
	cmd := exec.Command(name, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return out, fmt.Errorf("%s %s: %v: %s", name, strings.Join(args, " "), err, stderr.String())
	}
	return out, nil
}

func listModules() ([]module, error) {
	out, err := run("go", "list", "-m", "-u", "-json", "all")
	if err != nil {
		return nil, err
	}
	var mods []module
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var m module
		if err := dec.Decode(&m); err != nil {
			return nil, err
		}
		if !m.Main {
			mods = append(mods, m)
		}
	}
	return mods, nil
}

func vulnFindings() ([]finding, error) {
	out, _ := run("govulncheck", "-format", "json", "./...")
	var res []finding
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 0, 1<<20), 1<<26)
	var buf strings.Builder
	for sc.Scan() {
		buf.WriteString(sc.Text())
	}
	dec := json.NewDecoder(strings.NewReader(buf.String()))
	for dec.More() {
		var msg struct {
			Finding *struct {
				OSV          string `json:"osv"`
				FixedVersion string `json:"fixed_version"`
				Trace        []struct {
					Module  string `json:"module"`
					Version string `json:"version"`
				} `json:"trace"`
			} `json:"finding"`
		}
		if err := dec.Decode(&msg); err != nil {
			break
		}
		if msg.Finding != nil && len(msg.Finding.Trace) > 0 {
			t := msg.Finding.Trace[0]
			res = append(res, finding{t.Module, t.Version, msg.Finding.OSV, msg.Finding.FixedVersion})
		}
	}
	return res, nil
}

func main() {
	if len(os.Args) < 2 || os.Args[1] != "audit" {
		fmt.Fprintln(os.Stderr, "usage: modguard audit [--fix] [--dry-run]")
		os.Exit(2)
	}
	fs := flag.NewFlagSet("audit", flag.ExitOnError)
	fix := fs.Bool("fix", false, "apply fixes")
	dry := fs.Bool("dry-run", false, "print changes only")
	fs.Parse(os.Args[2:])

	mods, err := listModules()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	vulns, _ := vulnFindings()
	for _, v := range vulns {
		fmt.Printf("VULNERABLE  %s %s  %s  fixed in %s\n", v.Module, v.Version, v.ID, orNone(v.FixedIn))
	}
	for _, m := range mods {
		if m.Update != nil && !m.Indirect {
			fmt.Printf("OUTDATED    %s %s -> %s\n", m.Path, m.Version, m.Update.Version)
		}
	}
	if !*fix {
		return
	}
	if err := applyFixes(mods, vulns, *dry); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}
