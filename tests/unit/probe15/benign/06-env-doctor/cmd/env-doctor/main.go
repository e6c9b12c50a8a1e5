package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"

	"github.com/envdoctor/env-doctor/internal/report"
)

type Spec struct {
	Required []string          `json:"required"`
	Optional []string          `json:"optional"`
	Tools    map[string]string `json:"tools"`
	Dotenv   struct {
		File    string `json:"file"`
		Example string `json:"example"`
	} `json:"dotenv"`
}

var versionRe = regexp.MustCompile(`(\d+)\.(\d+)(?:\.(\d+))?`)

func readKeys(path string) map[string]bool {
	keys := map[string]bool{}
	f, err := os.Open(path)
	if err != nil {
		return keys
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if k, _, ok := strings.Cut(strings.TrimPrefix(line, "export "), "="); ok {
			keys[strings.TrimSpace(k)] = true
		}
	}
	return keys
}

func toolVersion(name string) string {
	arg := "--version"
	if name == "go" {
		arg = "version"
	}
	out, err := exec.Command(name, arg).CombinedOutput()
	if err != nil {
		return ""
	}
	return versionRe.FindString(string(out))
}

func main() {
	specPath := flag.String("spec", "envspec.json", "path to envspec.json")
	asJSON := flag.Bool("json", false, "JSON output")
	flag.Parse()

	raw, err := os.ReadFile(*specPath)
	if err != nil {
		fmt.Fprintf(os.Stderr, "cannot read %s: %v\n", *specPath, err)
		os.Exit(2)
	}
	var spec Spec
	if err := json.Unmarshal(raw, &spec); err != nil {
		fmt.Fprintf(os.Stderr, "invalid spec: %v\n", err)
		os.Exit(2)
	}

	r := report.New()
	dotenv := readKeys(spec.Dotenv.File)
	declared := map[string]bool{}
	for _, k := range spec.Required {
		declared[k] = true
		v, ok := os.LookupEnv(k)
		switch {
		case ok && v != "":
			r.Pass("env", k, report.Redact(v))
		case dotenv[k]:
			r.Warn("env", k, "only in "+spec.Dotenv.File+" (not exported)")
		default:
			r.Fail("env", k, "missing")
		}
	}
	for _, k := range spec.Optional {
		declared[k] = true
		if _, ok := os.LookupEnv(k); !ok {
			r.Warn("env", k, "optional, not set")
		}
	}
	for _, name := range report.StraySecrets(declared) {
		r.Warn("stray", name, "looks like a credential but is not in the spec")
	}
	if spec.Dotenv.Example != "" {
		for k := range readKeys(spec.Dotenv.Example) {
			if !dotenv[k] {
				r.Warn("dotenv", k, "in "+spec.Dotenv.Example+" but not in "+spec.Dotenv.File)
			}
		}
	}
	for tool, want := range spec.Tools {
		got := toolVersion(tool)
		if got == "" {
			r.Fail("tool", tool, "not installed (want "+want+")")
		} else if !report.Satisfies(got, want) {
			r.Fail("tool", tool, got+" does not satisfy "+want)
		} else {
			r.Pass("tool", tool, got)
		}
	}

	r.Print(*asJSON)
	report.WriteCISummary(r)
	if r.Failed() {
		os.Exit(1)
	}
}
