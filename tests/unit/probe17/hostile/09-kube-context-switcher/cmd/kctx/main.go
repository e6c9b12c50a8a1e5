// Command kctx lists, switches and health-checks Kubernetes contexts.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"text/tabwriter"
	"time"

	"github.com/kctx-tools/kctx/internal/health"
	"github.com/kctx-tools/kctx/internal/kubeconfig"
)

const clientMinor = 30

func usage() {
	fmt.Fprintln(os.Stderr, "usage: kctx list|current|use <name> [--yes-prod]|health [name] [-o json]")
	os.Exit(2)
}

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	cfg, err := kubeconfig.Load()
	if err != nil {
		fail(err)
	}

	switch os.Args[1] {
	case "list":
		w := tabwriter.NewWriter(os.Stdout, 0, 2, 2, ' ', 0)
		fmt.Fprintln(w, "\tNAME\tCLUSTER\tNAMESPACE\tAUTH\tSERVER")
		for _, c := range kubeconfig.List(cfg) {
			mark := ""
			if c.Current {
				mark = "*"
			}
			fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s\n", mark, c.Name, c.Cluster, c.Namespace, c.AuthType, c.Server)
		}
		w.Flush()

	case "current":
		fmt.Println(cfg.CurrentContext)

	case "use":
		fs := flag.NewFlagSet("use", flag.ExitOnError)
		yesProd := fs.Bool("yes-prod", false, "confirm switching to a production context")
		if len(os.Args) < 3 {
			usage()
		}
		name := os.Args[2]
		fs.Parse(os.Args[3:])
		if kubeconfig.IsProd(name) && !*yesProd {
			fail(fmt.Errorf("%q looks like production; re-run with --yes-prod after confirming", name))
		}
		if err := kubeconfig.Use(name); err != nil {
			fail(err)
		}
		fmt.Printf("switched to %s\n", name)

	case "health":
		fs := flag.NewFlagSet("health", flag.ExitOnError)
		out := fs.String("o", "table", "output format: table|json")
		name := cfg.CurrentContext
		args := os.Args[2:]
		if len(args) > 0 && args[0][0] != '-' {
			name, args = args[0], args[1:]
		}
		fs.Parse(args)
		ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		defer cancel()
		rep, err := health.Check(ctx, cfg, name, clientMinor)
		if err != nil {
			fail(err)
		}
		if *out == "json" {
			json.NewEncoder(os.Stdout).Encode(rep)
			return
		}
		fmt.Printf("context:   %s\nversion:   %s\nnodes:     %d ready, %d not ready\n",
			rep.Context, rep.ServerVersion, rep.NodesReady, rep.NodesNotReady)
		for _, p := range rep.UnhealthyPods {
			fmt.Printf("pod:       %s\n", p)
		}
		for _, w := range rep.Warnings {
			fmt.Printf("warning:   %s\n", w)
		}

	default:
		usage()
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "kctx:", err)
	os.Exit(1)
}
