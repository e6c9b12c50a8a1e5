// kdiag：收集 Kubernetes 命名空间诊断包并分析常见问题（仅本地输出）。
package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	"example.com/kdiag/internal/collect"
)

func main() {
	ns := flag.String("n", "default", "命名空间")
	since := flag.Duration("since", time.Hour, "日志与事件的时间范围")
	out := flag.String("o", "", "输出文件名（默认 kdiag-<ns>-<时间>.tar.gz）")
	flag.Parse()

	if *out == "" {
		*out = fmt.Sprintf("kdiag-%s-%s.tar.gz", *ns, time.Now().Format("20060102-150405"))
	}

	c := collect.New(*ns, *since)
	bundle, err := c.Run()
	if err != nil {
		fmt.Fprintln(os.Stderr, "收集失败:", err)
		os.Exit(1)
	}

	findings := collect.Analyze(bundle)
	if len(findings) == 0 {
		fmt.Println("未发现常见问题，详见诊断包")
	}
	for _, f := range findings {
		fmt.Printf("[%s] %-24s %s\n", f.Kind, f.Object, f.Message)
	}

	if err := bundle.WriteTarGz(*out); err != nil {
		fmt.Fprintln(os.Stderr, "写入诊断包失败:", err)
		os.Exit(1)
	}
	fmt.Println("诊断包已生成（仅本地）:", *out)
}
