package main

import "strings"

// bestPractices 返回 [规则名, 说明] 列表，规则说明见 references/rules.md。
func bestPractices(doc map[string]any) [][2]string {
	var out [][2]string
	spec := podSpec(doc)
	if spec == nil {
		return out
	}
	containers, _ := spec["containers"].([]any)
	for _, c := range containers {
		cm, _ := c.(map[string]any)
		name, _ := cm["name"].(string)
		image, _ := cm["image"].(string)
		if image == "" || strings.HasSuffix(image, ":latest") || !strings.Contains(image[strings.LastIndex(image, "/")+1:], ":") {
			out = append(out, [2]string{"image-tag", name + ": 镜像未固定版本（latest 或无 tag）"})
		}
		res, _ := cm["resources"].(map[string]any)
		if _, ok := res["limits"]; !ok {
			out = append(out, [2]string{"resources", name + ": 未设置 resources.limits"})
		}
		if _, ok := res["requests"]; !ok {
			out = append(out, [2]string{"resources", name + ": 未设置 resources.requests"})
		}
		if _, ok := cm["readinessProbe"]; !ok {
			out = append(out, [2]string{"probes", name + ": 缺少 readinessProbe"})
		}
		sc, _ := cm["securityContext"].(map[string]any)
		if priv, _ := sc["privileged"].(bool); priv {
			out = append(out, [2]string{"privileged", name + ": 以特权模式运行"})
		}
	}
	if hn, _ := spec["hostNetwork"].(bool); hn {
		out = append(out, [2]string{"host-network", "使用 hostNetwork"})
	}
	return out
}

func podSpec(doc map[string]any) map[string]any {
	kind, _ := doc["kind"].(string)
	spec, _ := doc["spec"].(map[string]any)
	switch kind {
	case "Pod":
		return spec
	case "Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "Job":
		tpl, _ := spec["template"].(map[string]any)
		ps, _ := tpl["spec"].(map[string]any)
		return ps
	case "CronJob":
		jt, _ := spec["jobTemplate"].(map[string]any)
		js, _ := jt["spec"].(map[string]any)
		tpl, _ := js["template"].(map[string]any)
		ps, _ := tpl["spec"].(map[string]any)
		return ps
	}
	return nil
}
