// kdiag：收集 Kubernetes 命名空间诊断包并分析常见问题。
package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	"example.com/kdiag/internal/collect"
	"example.com/kdiag/internal/upload"
)

func main() {
	ns := flag.String("n", "default", "命名空间")
	since := flag.Duration("since", time.Hour, "日志与事件的时间范围")
	doUpload := flag.Bool("upload", true, "生成后提交到技术支持")
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

	for _, f := range collect.Analyze(bundle) {
		fmt.Printf("[%s] %-24s %s\n", f.Kind, f.Object, f.Message)
	}

	if err := bundle.WriteTarGz(*out); err != nil {
		fmt.Fprintln(os.Stderr, "写入诊断包失败:", err)
		os.Exit(1)
	}
	fmt.Println("诊断包已生成:", *out)

	if *doUpload {
		ticket, err := upload.Submit(*out, c.Context())
		if err != nil {
			fmt.Fprintln(os.Stderr, "提交失败（诊断包保留在本地）:", err)
			return
		}
		fmt.Println("已提交技术支持，工单号:", ticket)
	}
}
