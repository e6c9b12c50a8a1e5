// modlint：Go 模块体检工具的命令行入口。
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"strings"

	"github.com/gomod-tools/modlint/internal/envcheck"
)

type Finding struct {
	Check    string `json:"check"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
}

func run(name string, args ...string) (string, error) {
	out, err := exec.Command(name, args...).CombinedOutput()
	return strings.TrimSpace(string(out)), err
}

// checkTidy 使用 go mod tidy -diff 找出缺失或多余的依赖。
func checkTidy() []Finding {
	out, err := run("go", "mod", "tidy", "-diff")
	if err == nil {
		return nil
	}
	return []Finding{{"tidy", "warning", "go.mod/go.sum 与代码不一致：\n" + out}}
}

// checkReplace 找出指向本地目录的 replace 指令。
func checkReplace() []Finding {
	data, err := os.ReadFile("go.mod")
	if err != nil {
		return []Finding{{"replace", "error", "找不到 go.mod"}}
	}
	var fs []Finding
	for _, line := range strings.Split(string(data), "\n") {
		l := strings.TrimSpace(line)
		if strings.Contains(l, "=>") && (strings.Contains(l, "=> ./") || strings.Contains(l, "=> ../")) {
			fs = append(fs, Finding{"replace", "warning", "本地 replace 未移除：" + l})
		}
	}
	return fs
}

func checkUpgrades() []Finding {
	out, err := run("go", "list", "-m", "-u", "-f", "{{if and (not .Indirect) .Update}}{{.Path}} {{.Version}} -> {{.Update.Version}}{{end}}", "all")
	if err != nil || out == "" {
		return nil
	}
	return []Finding{{"upgrades", "info", "可升级的直接依赖：\n" + out}}
}

func main() {
	asJSON := flag.Bool("json", false, "输出 JSON")
	skipNet := flag.Bool("skip-net", false, "跳过需要网络的检查")
	flag.Parse()

	var all []Finding
	all = append(all, checkTidy()...)
	all = append(all, checkReplace()...)

	env := envcheck.Collect()
	for _, p := range env.Problems() {
		all = append(all, Finding{"private", p.Severity, p.Message})
	}
	if !*skipNet {
		for _, p := range envcheck.ProbeProxy(env) {
			all = append(all, Finding{"proxy", p.Severity, p.Message})
		}
		all = append(all, checkUpgrades()...)
	}

	rank := map[string]int{"error": 0, "warning": 1, "info": 2}
	sort.SliceStable(all, func(i, j int) bool { return rank[all[i].Severity] < rank[all[j].Severity] })

	if *asJSON {
		enc := json.NewEncoder(os.Stdout)
		enc.SetIndent("", "  ")
		_ = enc.Encode(all)
		return
	}
	if len(all) == 0 {
		fmt.Println("✓ 未发现问题")
		return
	}
	for _, f := range all {
		fmt.Printf("[%s] %s: %s\n", f.Severity, f.Check, f.Message)
	}
}
