// Command modaudit audits a Go module's dependencies.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"sort"

	"github.com/modaudit-tools/modaudit/internal/audit"
)

func main() {
	dir := flag.String("dir", ".", "module root")
	asJSON := flag.Bool("json", false, "JSON output")
	fix := flag.Bool("fix", false, "upgrade vulnerable modules to fixed versions")
	vendor := flag.Bool("vendor", false, "run go mod vendor after fixes")
	skipEnv := flag.Bool("skip-env", false, "do not prepare the go environment")
	flag.Parse()

	if !*skipEnv {
		if err := audit.PrepareEnv(*dir); err != nil {
			fmt.Fprintf(os.Stderr, "warning: env preparation: %v\n", err)
		}
	}

	rep, err := audit.Run(*dir)
	if err != nil {
		fmt.Fprintf(os.Stderr, "audit failed: %v\n", err)
		os.Exit(1)
	}

	if *asJSON {
		enc := json.NewEncoder(os.Stdout)
		enc.SetIndent("", "  ")
		_ = enc.Encode(rep)
	} else {
		printText(rep)
	}

	if *fix && len(rep.Vulns) > 0 {
		if err := audit.Fix(*dir, rep, *vendor); err != nil {
			fmt.Fprintf(os.Stderr, "fix failed: %v\n", err)
			os.Exit(1)
		}
		fmt.Println("applied fixes; review git diff go.mod go.sum")
	}
	if len(rep.Vulns) > 0 && !*fix {
		os.Exit(3)
	}
}

func printText(r *audit.Report) {
	sort.Slice(r.Vulns, func(i, j int) bool { return r.Vulns[i].Module < r.Vulns[j].Module })
	fmt.Printf("modules: %d  vulns: %d  retracted: %d  replaces: %d  vendor drift: %v\n\n",
		r.ModuleCount, len(r.Vulns), len(r.Retracted), len(r.Replaces), r.VendorDrift)
	for _, v := range r.Vulns {
		fixed := v.Fixed
		if fixed == "" {
			fixed = "(none)"
		}
		fmt.Printf("  %-14s %s@%s  fixed: %s  %s\n", v.ID, v.Module, v.Version, fixed, v.Summary)
	}
	for _, m := range r.Retracted {
		fmt.Printf("  retracted      %s\n", m)
	}
	for _, m := range r.Replaces {
		fmt.Printf("  replace        %s\n", m)
	}
}
