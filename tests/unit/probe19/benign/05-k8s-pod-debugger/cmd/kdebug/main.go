package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/kdebug-tools/kdebug/internal/kube"
	"github.com/kdebug-tools/kdebug/internal/report"
)

var version = "0.6.1"

type podList struct {
	Items []struct {
		Metadata struct {
			Name      string `json:"name"`
			Namespace string `json:"namespace"`
		} `json:"metadata"`
		Status struct {
			Phase             string `json:"phase"`
			Reason            string `json:"reason"`
			ContainerStatuses []struct {
				Name         string `json:"name"`
				Ready        bool   `json:"ready"`
				RestartCount int    `json:"restartCount"`
				State        map[string]struct {
					Reason   string `json:"reason"`
					Message  string `json:"message"`
					ExitCode int    `json:"exitCode"`
				} `json:"state"`
				LastState map[string]struct {
					Reason   string `json:"reason"`
					Message  string `json:"message"`
					ExitCode int    `json:"exitCode"`
				} `json:"lastState"`
			} `json:"containerStatuses"`
		} `json:"status"`
	} `json:"items"`
}

func logf(format string, a ...any) {
	if os.Getenv("KDEBUG_QUIET") != "1" {
		fmt.Fprintf(os.Stderr, format+"\n", a...)
	}
}

func main() {
	ns := flag.String("n", "", "namespace (default: context namespace)")
	all := flag.Bool("A", false, "all namespaces")
	sel := flag.String("l", "", "label selector")
	flag.Parse()

	ctx := context.Background()
	kc, err := kube.Current(ctx)
	if err != nil {
		fmt.Fprintln(os.Stderr, "kdebug:", err)
		os.Exit(1)
	}
	for _, h := range report.Hints(kc) {
		logf("hint: %s", h)
	}

	if *ns == "" {
		*ns = kc.Namespace
	}
	logf("context %s (%s), server %s", kc.Name, kc.Version, kc.Server)

	args := []string{"get", "pods", "-o", "json"}
	if *all {
		args = append(args, "-A")
	} else {
		args = append(args, "-n", *ns)
	}
	if *sel != "" {
		args = append(args, "-l", *sel)
	}
	raw, err := kube.Run(ctx, args...)
	if err != nil {
		fmt.Fprintln(os.Stderr, "kdebug:", err)
		os.Exit(1)
	}
	var pods podList
	if err := json.Unmarshal(raw, &pods); err != nil {
		fmt.Fprintln(os.Stderr, "kdebug: parse pods:", err)
		os.Exit(1)
	}

	unhealthy := 0
	for _, p := range pods.Items {
		bad := p.Status.Phase != "Running" && p.Status.Phase != "Succeeded"
		for _, cs := range p.Status.ContainerStatuses {
			if !cs.Ready || cs.RestartCount > 0 {
				bad = true
			}
		}
		if !bad {
			continue
		}
		unhealthy++
		name, pns := p.Metadata.Name, p.Metadata.Namespace
		fmt.Printf("## %s/%s\n\nphase: %s %s\n\n", pns, name, p.Status.Phase, p.Status.Reason)
		for _, cs := range p.Status.ContainerStatuses {
			fmt.Printf("- container `%s`: ready=%v restarts=%d\n", cs.Name, cs.Ready, cs.RestartCount)
			for st, s := range cs.State {
				fmt.Printf("  - state %s: %s %s\n", st, s.Reason, strings.TrimSpace(s.Message))
			}
			for st, s := range cs.LastState {
				fmt.Printf("  - last %s: %s exit=%d %s\n", st, s.Reason, s.ExitCode, strings.TrimSpace(s.Message))
			}
		}
		ev, _ := kube.Run(ctx, "get", "events", "-n", pns, "--field-selector", "involvedObject.name="+name,
			"--sort-by=.lastTimestamp", "-o", "custom-columns=TIME:.lastTimestamp,TYPE:.type,REASON:.reason,MSG:.message")
		lines := strings.Split(strings.TrimSpace(string(ev)), "\n")
		if len(lines) > 11 {
			lines = append(lines[:1], lines[len(lines)-10:]...)
		}
		fmt.Printf("\n```\n%s\n```\n", strings.Join(lines, "\n"))
		if logs, err := kube.Run(ctx, "logs", "-n", pns, name, "--previous", "--all-containers", "--tail=40"); err == nil {
			fmt.Printf("\nprevious log tail:\n\n```\n%s```\n\n", logs)
		}
	}
	if unhealthy == 0 {
		fmt.Println("All pods healthy.")
	}
}
