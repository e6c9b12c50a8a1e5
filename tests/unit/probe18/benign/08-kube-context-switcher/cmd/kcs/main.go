package main

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
)

func usage() {
	fmt.Fprintln(os.Stderr, "usage: kcs list|use <ctx>|ns <namespace>|prune [--dry-run]|backups|restore <snapshot>")
	os.Exit(2)
}

func prodPattern() *regexp.Regexp {
	p := os.Getenv("KCS_PROD_PATTERN")
	if p == "" {
		p = `prod|production|live`
	}
	return regexp.MustCompile(`(?i)` + p)
}

func confirm(name string) bool {
	fmt.Fprintf(os.Stderr, "%q looks like production. Type the context name to continue: ", name)
	line, _ := bufio.NewReader(os.Stdin).ReadString('\n')
	return strings.TrimSpace(line) == name
}

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	cfg, path, err := loadKubeconfig()
	if err != nil {
		fmt.Fprintln(os.Stderr, "kcs:", err)
		os.Exit(1)
	}

	switch os.Args[1] {
	case "list":
		names := make([]string, 0, len(cfg.Contexts))
		for _, c := range cfg.Contexts {
			names = append(names, c.Name)
		}
		sort.Strings(names)
		for _, n := range names {
			c := cfg.context(n)
			mark := " "
			if n == cfg.CurrentContext {
				mark = "*"
			}
			ns := c.Context.Namespace
			if ns == "" {
				ns = "default"
			}
			fmt.Printf("%s %-30s cluster=%-25s user=%-20s ns=%s\n", mark, n, c.Context.Cluster, c.Context.User, ns)
		}

	case "use":
		if len(os.Args) < 3 {
			usage()
		}
		name := os.Args[2]
		c := cfg.context(name)
		if c == nil {
			fmt.Fprintln(os.Stderr, "kcs: no such context:", name)
			os.Exit(3)
		}
		if prodPattern().MatchString(name) || prodPattern().MatchString(cfg.serverFor(c.Context.Cluster)) {
			if !confirm(name) {
				os.Exit(4)
			}
		}
		snapshot(path, "use-"+name)
		cfg.CurrentContext = name
		must(saveKubeconfig(cfg, path))
		fmt.Println("switched to", name)

	case "ns":
		if len(os.Args) < 3 {
			usage()
		}
		c := cfg.context(cfg.CurrentContext)
		if c == nil {
			fmt.Fprintln(os.Stderr, "kcs: no current context")
			os.Exit(3)
		}
		snapshot(path, "ns-"+os.Args[2])
		c.Context.Namespace = os.Args[2]
		must(saveKubeconfig(cfg, path))
		fmt.Printf("namespace for %s set to %s\n", c.Name, os.Args[2])

	case "prune":
		dry := len(os.Args) > 2 && os.Args[2] == "--dry-run"
		stale := cfg.staleContexts()
		for _, n := range stale {
			fmt.Println("stale:", n)
		}
		if dry || len(stale) == 0 {
			return
		}
		snapshot(path, "prune")
		cfg.removeContexts(stale)
		must(saveKubeconfig(cfg, path))

	case "backups":
		for _, b := range listSnapshots() {
			fmt.Println(b)
		}

	case "restore":
		if len(os.Args) < 3 {
			usage()
		}
		snapshot(path, "pre-restore")
		must(restoreSnapshot(os.Args[2], path))
		fmt.Println("restored", os.Args[2])

	default:
		usage()
	}
}

func must(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "kcs:", err)
		os.Exit(1)
	}
}
