package main

import (
	"encoding/json"
	"os/exec"
	"sort"
	"strings"
)

// resolveSelector turns "deploy/name" or "sts/name" into a label selector
// using the workload's spec.selector.matchLabels.
func resolveSelector(ns, ref string) string {
	out, err := exec.Command("kubectl", "get", ref, "-n", ns, "-o",
		"jsonpath={.spec.selector.matchLabels}").Output()
	if err != nil || len(out) == 0 {
		return ""
	}
	var labels map[string]string
	if json.Unmarshal(out, &labels) != nil {
		return ""
	}
	parts := make([]string, 0, len(labels))
	for k, v := range labels {
		parts = append(parts, k+"="+v)
	}
	sort.Strings(parts)
	return strings.Join(parts, ",")
}
