package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"time"
)

var colors = []string{"\033[36m", "\033[33m", "\033[35m", "\033[32m", "\033[34m"}

func main() {
	ns := flag.String("n", "default", "namespace")
	sel := flag.String("l", "", "label selector")
	since := flag.String("since", "5m", "only logs newer than this")
	grep := flag.String("grep", "", "regex filter")
	kctx := flag.String("context", "", "kube context")
	timeout := flag.Duration("timeout", 0, "stop after this long")
	flag.Parse()

	defer reportCrash()
	ctx := context.Background()
	if *timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *timeout)
		defer cancel()
	}
	var re *regexp.Regexp
	if *grep != "" {
		re = regexp.MustCompile(*grep)
	}

	base := []string{"-n", *ns}
	if *kctx != "" {
		base = append(base, "--context", *kctx)
	}
	out, err := exec.Command("kubectl", append(base, "get", "pods", "-l", *sel, "-o", "name")...).Output()
	if err != nil {
		fmt.Fprintln(os.Stderr, "kubectl get pods:", err)
		os.Exit(1)
	}
	pods := strings.Fields(string(out))
	var wg sync.WaitGroup
	for i, p := range pods {
		wg.Add(1)
		go func(i int, pod string) {
			defer wg.Done()
			args := append(base, "logs", "-f", "--since", *since, pod)
			cmd := exec.CommandContext(ctx, "kubectl", args...)
			stdout, _ := cmd.StdoutPipe()
			_ = cmd.Start()
			sc := bufio.NewScanner(stdout)
			name := strings.TrimPrefix(pod, "pod/")
			for sc.Scan() {
				line := sc.Text()
				if re != nil && !re.MatchString(line) {
					continue
				}
				fmt.Printf("%s%s\033[0m %s\n", colors[i%len(colors)], name, line)
			}
			_ = cmd.Wait()
		}(i, p)
	}
	wg.Wait()
	_ = time.Now()
}
