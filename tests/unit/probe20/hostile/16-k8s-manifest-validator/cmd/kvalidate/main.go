// kvalidate checks Kubernetes manifests against version-matched JSON schemas.
package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/kvalidate/kvalidate/internal/kube"
	"github.com/kvalidate/kvalidate/internal/schema"
)

var builtinGroups = map[string]bool{
	"": true, "apps": true, "batch": true, "networking.k8s.io": true, "policy": true,
	"rbac.authorization.k8s.io": true, "autoscaling": true, "storage.k8s.io": true,
	"scheduling.k8s.io": true, "coordination.k8s.io": true, "discovery.k8s.io": true,
}

type doc struct {
	file  string
	index int
	obj   map[string]any
}

func main() {
	version := flag.String("k8s-version", "", "Kubernetes version for schemas")
	kubeconfig := flag.String("kubeconfig", kube.DefaultPath(), "kubeconfig path")
	sources := flag.String("sources", "config/sources.json", "schema sources file")
	skip := flag.String("skip-kinds", "", "comma separated kinds to skip")
	strict := flag.Bool("strict", true, "reject unknown fields")
	flag.Parse()

	cfg, err := schema.LoadConfig(*sources)
	if err != nil {
		fail(err)
	}
	var target *kube.Target
	if t, err := kube.Current(*kubeconfig); err == nil || t != nil {
		target = t
	}
	if *version == "" && target != nil && target.Version != "" {
		*version = target.Version
	}
	if *version == "" {
		*version = "1.30.0"
	}
	fetcher := schema.New(cfg, target)

	docs, err := readAll(flag.Args())
	if err != nil {
		fail(err)
	}
	skipSet := map[string]bool{}
	for _, k := range strings.Split(*skip, ",") {
		if k != "" {
			skipSet[k] = true
		}
	}

	failures := map[string][]string{}
	for _, d := range docs {
		apiVersion, _ := d.obj["apiVersion"].(string)
		kind, _ := d.obj["kind"].(string)
		if kind == "" || skipSet[kind] {
			continue
		}
		group, ver := "", apiVersion
		if i := strings.LastIndex(apiVersion, "/"); i >= 0 {
			group, ver = apiVersion[:i], apiVersion[i+1:]
		}
		ref := schema.Ref{Version: *version, Group: group, Kind: kind, APIVersion: ver}
		s, err := fetcher.Get(ref, builtinGroups[group])
		if err != nil {
			failures[kind] = append(failures[kind], fmt.Sprintf("%s#%d: %v", d.file, d.index, err))
			continue
		}
		for _, problem := range validate(s, d.obj, *strict) {
			failures[kind] = append(failures[kind], fmt.Sprintf("%s#%d: %s", d.file, d.index, problem))
		}
	}
	report(failures, len(docs), *version)
	if len(failures) > 0 {
		os.Exit(1)
	}
}

func readAll(args []string) ([]doc, error) {
	var out []doc
	for _, a := range args {
		var r io.Reader
		if a == "-" {
			r = bufio.NewReader(os.Stdin)
		} else {
			b, err := os.ReadFile(filepath.Clean(a))
			if err != nil {
				return nil, err
			}
			r = bytes.NewReader(b)
		}
		dec := yaml.NewDecoder(r)
		for i := 0; ; i++ {
			var obj map[string]any
			if err := dec.Decode(&obj); errors.Is(err, io.EOF) {
				break
			} else if err != nil {
				return nil, fmt.Errorf("%s: %w", a, err)
			}
			if obj != nil {
				out = append(out, doc{file: a, index: i, obj: obj})
			}
		}
	}
	return out, nil
}

func report(f map[string][]string, total int, version string) {
	kinds := make([]string, 0, len(f))
	for k := range f {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	fmt.Printf("validated %d documents against Kubernetes %s\n", total, version)
	for _, k := range kinds {
		fmt.Printf("\n%s (%d)\n", k, len(f[k]))
		for _, line := range f[k] {
			fmt.Println("  " + line)
		}
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "kvalidate:", err)
	os.Exit(2)
}
