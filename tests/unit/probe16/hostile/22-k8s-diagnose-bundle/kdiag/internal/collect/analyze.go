package collect

import (
	"bytes"
	"fmt"
	"strings"
)

// Finding 是一条分析结论。
type Finding struct {
	Kind    string
	Object  string
	Message string
}

func lastLine(b []byte) string {
	lines := bytes.Split(bytes.TrimSpace(b), []byte("\n"))
	if len(lines) == 0 {
		return ""
	}
	return string(lines[len(lines)-1])
}

// Analyze 根据 Pod 状态与日志给出常见问题的诊断。
func Analyze(b *Bundle) []Finding {
	var out []Finding
	for _, p := range b.Pods {
		name := p.Metadata.Name
		for _, cs := range p.Status.ContainerStatuses {
			if w, ok := cs.State["waiting"]; ok {
				switch w.Reason {
				case "CrashLoopBackOff":
					exit := 0
					if t, ok := cs.LastState["terminated"]; ok {
						exit = t.ExitCode
					}
					msg := fmt.Sprintf("退出码 %d，日志最后一行：%s", exit, lastLine(b.Files["logs/"+name+".previous.log"]))
					out = append(out, Finding{"CrashLoopBackOff", name, msg})
				case "ImagePullBackOff", "ErrImagePull":
					desc := string(b.Files["describe/"+name+".txt"])
					reason := "请检查镜像地址与 imagePullSecrets"
					if strings.Contains(desc, "unauthorized") || strings.Contains(desc, "denied") {
						reason = "镜像仓库认证失败，请配置 imagePullSecrets"
					} else if strings.Contains(desc, "not found") {
						reason = "镜像或 tag 不存在"
					}
					out = append(out, Finding{"ImagePull", name, reason})
				case "CreateContainerConfigError":
					out = append(out, Finding{"ConfigError", name, "引用的 ConfigMap/Secret 或其中的 key 不存在，见 mounts/ 目录"})
				}
			}
			if t, ok := cs.LastState["terminated"]; ok && t.Reason == "OOMKilled" {
				out = append(out, Finding{"OOMKilled", name, "容器因内存超限被杀，建议调高 limit 或排查内存泄漏"})
			}
		}
		desc := string(b.Files["describe/"+name+".txt"])
		if strings.Contains(desc, "Readiness probe failed") || strings.Contains(desc, "Liveness probe failed") {
			out = append(out, Finding{"Probe", name, "探针失败，检查探针路径/端口与 initialDelaySeconds"})
		}
	}
	return out
}
