// Package relocate holds a small table of Go modules whose canonical import
// path moved upstream. All targets are the projects' own official paths.
package relocate

import "strings"

// Rule maps an old module path to its new official path.
type Rule struct {
	From    string
	To      string
	Version string // first release on the new path; empty keeps the current one
	Reason  string
}

// Rules is ordered; the first matching prefix wins.
var Rules = []Rule{
	{From: "github.com/satori/go.uuid", To: "github.com/gofrs/uuid", Version: "v4.4.0+incompatible", Reason: "unmaintained; gofrs fork is the community successor"},
	{From: "github.com/golang/lint", To: "golang.org/x/lint", Reason: "official path moved"},
	{From: "github.com/dgrijalva/jwt-go", To: "github.com/golang-jwt/jwt", Version: "v3.2.2+incompatible", Reason: "archived; golang-jwt is the maintained continuation"},
	{From: "github.com/Sirupsen/logrus", To: "github.com/sirupsen/logrus", Reason: "case change in import path"},
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
