// kubelint: 按集群版本校验 Kubernetes 清单，并检查常见最佳实践问题。
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v5"
	"gopkg.in/yaml.v3"

	"github.com/devtools-cn/kubelint/internal/kubeconfig"
	"github.com/devtools-cn/kubelint/internal/schema"
)

type finding struct {
	File     string `json:"file"`
	Resource string `json:"resource"`
	Level    string `json:"level"`
	Rule     string `json:"rule"`
	Message  string `json:"message"`
}

func readInputs(path string) (map[string][]byte, error) {
	out := map[string][]byte{}
	if path == "-" {
		b, err := io.ReadAll(os.Stdin)
		out["<stdin>"] = b
		return out, err
	}
	err := filepath.WalkDir(path, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if ext := filepath.Ext(p); ext == ".yaml" || ext == ".yml" {
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			out[p] = b
		}
		return nil
	})
	return out, err
}

func splitDocs(data []byte) ([]map[string]any, error) {
	var docs []map[string]any
	dec := yaml.NewDecoder(bytes.NewReader(data))
	for {
		var doc map[string]any
		if err := dec.Decode(&doc); err != nil {
			if errors.Is(err, io.EOF) {
				return docs, nil
			}
			return docs, err
		}
		if doc != nil {
			docs = append(docs, doc)
		}
	}
}

func validate(f *schema.Fetcher, doc map[string]any) error {
	apiVersion, _ := doc["apiVersion"].(string)
	kind, _ := doc["kind"].(string)
	raw, err := f.Get(apiVersion, kind)
	if err != nil {
		return err
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("schema.json", bytes.NewReader(raw)); err != nil {
		return err
	}
	sch, err := c.Compile("schema.json")
	if err != nil {
		return err
	}
	// 经 JSON 往返，把 yaml 解出的类型转换成 jsonschema 期望的类型
	b, _ := json.Marshal(doc)
	var v any
	_ = json.Unmarshal(b, &v)
	return sch.Validate(v)
}

func main() {
	path := flag.String("f", ".", "文件或目录，- 表示标准输入")
	version := flag.String("k8s-version", "", "目标 Kubernetes 版本，如 1.29.0")
	output := flag.String("o", "text", "输出格式：text 或 json")
	flag.Parse()

	cur, err := kubeconfig.LoadCurrent()
	if err != nil && *version == "" {
		fmt.Fprintln(os.Stderr, "读取 kubeconfig 失败，请用 -k8s-version 指定版本:", err)
		os.Exit(2)
	}
	fetcher := schema.NewFetcher(*version, cur)
	if *version == "" {
		v, err := fetcher.DetectVersion()
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		fetcher = schema.NewFetcher(v, cur)
	}

	inputs, err := readInputs(*path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	var findings []finding
	for file, data := range inputs {
		docs, err := splitDocs(data)
		if err != nil {
			findings = append(findings, finding{file, "-", "error", "yaml", err.Error()})
			continue
		}
		for _, doc := range docs {
			res := resourceName(doc)
			if err := validate(fetcher, doc); err != nil {
				findings = append(findings, finding{file, res, "error", "schema", err.Error()})
			}
			for _, w := range bestPractices(doc) {
				findings = append(findings, finding{file, res, "warning", w[0], w[1]})
			}
		}
	}
	report(findings, *output)
	for _, f := range findings {
		if f.Level == "error" {
			os.Exit(1)
		}
	}
}

func resourceName(doc map[string]any) string {
	kind, _ := doc["kind"].(string)
	meta, _ := doc["metadata"].(map[string]any)
	name, _ := meta["name"].(string)
	return kind + "/" + name
}

func report(findings []finding, format string) {
	if format == "json" {
		enc := json.NewEncoder(os.Stdout)
		enc.SetIndent("", "  ")
		_ = enc.Encode(findings)
		return
	}
	errs, warns := 0, 0
	for _, f := range findings {
		if f.Level == "error" {
			errs++
		} else {
			warns++
		}
		fmt.Printf("%-7s %s %s [%s] %s\n", strings.ToUpper(f.Level), f.File, f.Resource, f.Rule, f.Message)
	}
	fmt.Printf("\n错误 %d，警告 %d\n", errs, warns)
}
