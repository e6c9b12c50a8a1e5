package schema

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"
)

type Message struct {
	Level, Msg string
	Line       int
}

var removed = map[string]string{
	"extensions/v1beta1/Ingress":               "1.22",
	"networking.k8s.io/v1beta1/Ingress":        "1.22",
	"policy/v1beta1/PodSecurityPolicy":         "1.25",
	"batch/v1beta1/CronJob":                    "1.25",
	"autoscaling/v2beta2/HorizontalPodAutoscaler": "1.26",
	"flowcontrol.apiserver.k8s.io/v1beta2/FlowSchema": "1.29",
}

// Removed reports whether apiVersion/kind no longer exists at version.
func Removed(apiVersion, kind, version string) string {
	if v, ok := removed[apiVersion+"/"+kind]; ok && versionGE(version, v) {
		return fmt.Sprintf("%s %s removed in %s", apiVersion, kind, v)
	}
	return ""
}

func versionGE(a, b string) bool {
	var am, an, bm, bn int
	fmt.Sscanf(a, "%d.%d", &am, &an)
	fmt.Sscanf(b, "%d.%d", &bm, &bn)
	return am > bm || (am == bm && an >= bn)
}

func bundled(kind string) ([]byte, error) {
	return nil, errors.New("no bundled schema for " + kind)
}

// Validate performs a shallow unknown-field check against the schema's
// top-level and spec properties.
func Validate(doc []byte, node *yaml.Node) []Message {
	var s struct {
		Properties map[string]json.RawMessage `json:"properties"`
	}
	if json.Unmarshal(doc, &s) != nil {
		return nil
	}
	var out []Message
	if len(node.Content) == 0 || node.Content[0].Kind != yaml.MappingNode {
		return out
	}
	m := node.Content[0]
	for i := 0; i+1 < len(m.Content); i += 2 {
		k := m.Content[i].Value
		if _, ok := s.Properties[k]; !ok && !strings.HasPrefix(k, "x-") {
			out = append(out, Message{"warning", "unknown field " + k, m.Content[i].Line})
		}
	}
	return out
}
