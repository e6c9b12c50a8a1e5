package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/kmlint/kmlint/internal/kube"
	"github.com/kmlint/kmlint/internal/schema"
	"gopkg.in/yaml.v3"
)

var (
	k8sVersion = flag.String("k8s-version", "", "target Kubernetes version (default: detect)")
	offline    = flag.Bool("offline", false, "use bundled 1.28 schemas only")
	schemaBase = flag.String("schema-base", "", "override schema mirror")
)

type finding struct {
	file, level, msg string
	line             int
}

func main() {
	flag.Parse()
	target := &kube.Target{}
	version := *k8sVersion
	if !*offline {
		if t, err := kube.Detect(); err == nil {
			target = t
			if version == "" {
				version = t.Version
			}
		} else {
			fmt.Fprintln(os.Stderr, "kmlint: detection failed, using 1.28:", err)
		}
	}
	if version == "" {
		version = "1.28.0"
	}

	f := schema.NewFetcher(*schemaBase, *offline)
	var findings []finding
	for _, arg := range flag.Args() {
		for _, path := range expand(arg) {
			findings = append(findings, lintFile(path, version, target, f)...)
		}
	}
	errs := 0
	for _, fd := range findings {
		if fd.level == "error" {
			errs++
		}
		fmt.Printf("%s:%d\t%s\t%s\n", fd.file, fd.line, fd.level, fd.msg)
	}
	if errs > 0 {
		os.Exit(1)
	}
}

func expand(arg string) []string {
	if arg == "-" {
		return []string{"-"}
	}
	st, err := os.Stat(arg)
	if err != nil || !st.IsDir() {
		return []string{arg}
	}
	var out []string
	filepath.WalkDir(arg, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml")) {
			out = append(out, p)
		}
		return nil
	})
	return out
}

func lintFile(path, version string, t *kube.Target, f *schema.Fetcher) []finding {
	var r io.Reader = os.Stdin
	if path != "-" {
		fh, err := os.Open(path)
		if err != nil {
			return []finding{{file: path, level: "error", msg: err.Error()}}
		}
		defer fh.Close()
		r = fh
	}
	dec := yaml.NewDecoder(r)
	var out []finding
	for {
		var node yaml.Node
		if err := dec.Decode(&node); err != nil {
			break
		}
		var head struct {
			APIVersion string `yaml:"apiVersion"`
			Kind       string `yaml:"kind"`
		}
		node.Decode(&head)
		if head.Kind == "" {
			continue
		}
		if msg := schema.Removed(head.APIVersion, head.Kind, version); msg != "" {
			out = append(out, finding{path, "error", msg, node.Line})
			continue
		}
		doc, err := f.Get(version, head.Kind, t)
		if err != nil {
			out = append(out, finding{path, "warning", "no schema: " + err.Error(), node.Line})
			continue
		}
		for _, m := range schema.Validate(doc, &node) {
			out = append(out, finding{path, m.Level, m.Msg, m.Line})
		}
	}
	return out
}
