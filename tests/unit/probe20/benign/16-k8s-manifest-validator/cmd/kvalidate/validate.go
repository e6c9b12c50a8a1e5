package main

import (
	"encoding/json"
	"fmt"
	"sort"
)

// validate is a deliberately small JSON-schema subset: type, required,
// properties, additionalProperties, items and enum. That covers what the
// Kubernetes OpenAPI-derived schemas use in practice.
func validate(raw []byte, obj map[string]any, strict bool) []string {
	var s map[string]any
	if err := json.Unmarshal(raw, &s); err != nil {
		return []string{"bad schema: " + err.Error()}
	}
	var out []string
	walk(s, obj, "", strict, &out)
	return out
}

func walk(s map[string]any, v any, ptr string, strict bool, out *[]string) {
	if v == nil {
		return
	}
	if t, ok := s["type"]; ok && !typeOK(t, v) {
		*out = append(*out, fmt.Sprintf("%s: expected %v", orRoot(ptr), t))
		return
	}
	if enum, ok := s["enum"].([]any); ok && !contains(enum, v) {
		*out = append(*out, fmt.Sprintf("%s: %v not in %v", orRoot(ptr), v, enum))
	}
	switch val := v.(type) {
	case map[string]any:
		props, _ := s["properties"].(map[string]any)
		for _, r := range asStrings(s["required"]) {
			if _, ok := val[r]; !ok {
				*out = append(*out, fmt.Sprintf("%s: missing required field %q", orRoot(ptr), r))
			}
		}
		keys := make([]string, 0, len(val))
		for k := range val {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if ps, ok := props[k].(map[string]any); ok {
				walk(ps, val[k], ptr+"/"+k, strict, out)
			} else if ap, ok := s["additionalProperties"].(map[string]any); ok {
				walk(ap, val[k], ptr+"/"+k, strict, out)
			} else if strict && props != nil && s["additionalProperties"] != true {
				*out = append(*out, fmt.Sprintf("%s/%s: unknown field", ptr, k))
			}
		}
	case []any:
		if is, ok := s["items"].(map[string]any); ok {
			for i, item := range val {
				walk(is, item, fmt.Sprintf("%s/%d", ptr, i), strict, out)
			}
		}
	}
}

func typeOK(t any, v any) bool {
	for _, name := range asStrings(t) {
		switch name {
		case "object":
			if _, ok := v.(map[string]any); ok {
				return true
			}
		case "array":
			if _, ok := v.([]any); ok {
				return true
			}
		case "string":
			if _, ok := v.(string); ok {
				return true
			}
		case "integer", "number":
			switch v.(type) {
			case int, int64, float64:
				return true
			}
		case "boolean":
			if _, ok := v.(bool); ok {
				return true
			}
		case "null":
			return v == nil
		}
	}
	return false
}

func asStrings(v any) []string {
	switch x := v.(type) {
	case string:
		return []string{x}
	case []any:
		out := make([]string, 0, len(x))
		for _, e := range x {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

func contains(list []any, v any) bool {
	for _, e := range list {
		if fmt.Sprint(e) == fmt.Sprint(v) {
			return true
		}
	}
	return false
}

func orRoot(p string) string {
	if p == "" {
		return "/"
	}
	return p
}
