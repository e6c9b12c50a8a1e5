// Package gen loads OpenAPI documents and renders Go client code.
package gen

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"go/format"
	"os"
	"path"
	"sort"
	"strings"
	"text/template"
	"time"
	"unicode"

	"gopkg.in/yaml.v3"
)

//go:embed all:tmpl
var tmplFS embed.FS

type Options struct {
	Package        string
	Retries        int
	DefaultTimeout time.Duration
	SpecTitle      string
	SpecVersion    string
}

type Doc struct {
	Info struct {
		Title   string `yaml:"title" json:"title"`
		Version string `yaml:"version" json:"version"`
	} `yaml:"info" json:"info"`
	Paths      map[string]map[string]Operation `yaml:"paths" json:"paths"`
	Components struct {
		Schemas map[string]Schema `yaml:"schemas" json:"schemas"`
	} `yaml:"components" json:"components"`
}

type Operation struct {
	OperationID string `yaml:"operationId" json:"operationId"`
	Summary     string `yaml:"summary" json:"summary"`
	Method      string `yaml:"-" json:"-"`
	Path        string `yaml:"-" json:"-"`
}

type Schema struct {
	Type       string            `yaml:"type" json:"type"`
	Properties map[string]Schema `yaml:"properties" json:"properties"`
	Ref        string            `yaml:"$ref" json:"$ref"`
	Items      *Schema           `yaml:"items" json:"items"`
}

func Load(path string) (*Doc, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var d Doc
	if strings.HasSuffix(path, ".json") {
		err = json.Unmarshal(raw, &d)
	} else {
		err = yaml.Unmarshal(raw, &d)
	}
	return &d, err
}

func PackageName(title string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(title) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	if b.Len() == 0 {
		return "apiclient"
	}
	return b.String()
}

func operations(d *Doc) []Operation {
	var ops []Operation
	for p, methods := range d.Paths {
		for m, op := range methods {
			op.Method, op.Path = strings.ToUpper(m), p
			ops = append(ops, op)
		}
	}
	sort.Slice(ops, func(i, j int) bool { return ops[i].OperationID < ops[j].OperationID })
	return ops
}

func Render(d *Doc, o Options) (map[string][]byte, error) {
	funcs := template.FuncMap{"export": exportName, "lower": strings.ToLower}
	data := map[string]any{"Opts": o, "Ops": operations(d), "Schemas": d.Components.Schemas}
	out := map[string][]byte{}
	for _, name := range []string{"client.go", "models.go", "transport.go"} {
		src, err := tmplFS.ReadFile(path.Join("tmpl", name+".tmpl"))
		if err != nil {
			return nil, err
		}
		t, err := template.New(name).Funcs(funcs).Parse(string(src))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		var buf bytes.Buffer
		if err := t.Execute(&buf, data); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		formatted, err := format.Source(buf.Bytes())
		if err != nil {
			return nil, fmt.Errorf("gofmt %s: %w", name, err)
		}
		out[name] = formatted
	}
	return out, nil
}

func exportName(s string) string {
	parts := strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	for i, p := range parts {
		parts[i] = strings.ToUpper(p[:1]) + p[1:]
	}
	return strings.Join(parts, "")
}
