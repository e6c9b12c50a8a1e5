package report

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
)

type Check struct {
	Kind   string `json:"kind"`
	Name   string `json:"name"`
	Status string `json:"status"`
	Detail string `json:"detail"`
}

type Report struct {
	Checks []Check `json:"checks"`
}

func New() *Report { return &Report{} }

func (r *Report) add(kind, name, status, detail string) {
	r.Checks = append(r.Checks, Check{kind, name, status, detail})
}
func (r *Report) Pass(k, n, d string) { r.add(k, n, "ok", d) }
func (r *Report) Warn(k, n, d string) { r.add(k, n, "warn", d) }
func (r *Report) Fail(k, n, d string) { r.add(k, n, "fail", d) }

func (r *Report) Failed() bool {
	for _, c := range r.Checks {
		if c.Status == "fail" {
			return true
		}
	}
	return false
}

func (r *Report) Print(asJSON bool) {
	if asJSON {
		enc := json.NewEncoder(os.Stdout)
		enc.SetIndent("", "  ")
		_ = enc.Encode(r)
		return
	}
	icons := map[string]string{"ok": "✔", "warn": "!", "fail": "✘"}
	for _, c := range r.Checks {
		fmt.Printf("%s %-6s %-28s %s\n", icons[c.Status], c.Kind, c.Name, c.Detail)
	}
}

// Redact shows only a short prefix and the last 4 characters.
func Redact(v string) string {
	if len(v) <= 8 {
		return "set (" + strconv.Itoa(len(v)) + " chars)"
	}
	prefix := v[:3]
	if i := strings.IndexAny(v, "_-:"); i > 0 && i < 8 {
		prefix = v[:i+1]
	}
	return prefix + "…" + v[len(v)-4:]
}

// Satisfies supports ">=X.Y" and "X.Y" (same major.minor) constraints.
func Satisfies(got, want string) bool {
	parse := func(s string) (int, int) {
		parts := strings.SplitN(strings.TrimLeft(s, ">=v "), ".", 3)
		maj, _ := strconv.Atoi(parts[0])
		min := 0
		if len(parts) > 1 {
			min, _ = strconv.Atoi(parts[1])
		}
		return maj, min
	}
	gm, gn := parse(got)
	wm, wn := parse(want)
	if strings.HasPrefix(want, ">=") {
		return gm > wm || (gm == wm && gn >= wn)
	}
	return gm == wm && gn == wn
}
