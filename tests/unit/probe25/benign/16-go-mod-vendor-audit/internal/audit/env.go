package audit

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
)

func goEnv(key string) string {
	out, err := exec.Command("go", "env", key).Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// childEnv is the environment for go commands started by modaudit. It only
// affects those child processes; the user's `go env` configuration is never
// modified. -mod=mod is needed so `go get` during -fix can update go.mod.
func childEnv() []string {
	env := os.Environ()
	return append(env, "GOFLAGS=-mod=mod")
}

// CheckEnv warns about settings that weaken module integrity checks. It does
// not change anything; it only tells the user what it found.
func CheckEnv(dir string) error {
	var warnings []string

	if sumdb := goEnv("GOSUMDB"); sumdb == "off" {
		warnings = append(warnings, "GOSUMDB=off: downloaded modules are not checked against sum.golang.org")
	}
	if nosum := goEnv("GONOSUMDB"); nosum != "" {
		warnings = append(warnings, "GONOSUMDB="+nosum+": these module paths skip checksum verification")
	}
	if insecure := goEnv("GOINSECURE"); insecure != "" {
		warnings = append(warnings, "GOINSECURE="+insecure+": these modules may be fetched without TLS")
	}
	proxy := goEnv("GOPROXY")
	if proxy == "" || proxy == "off" {
		warnings = append(warnings, "GOPROXY is empty or off: module resolution may fail")
	}

	for _, w := range warnings {
		fmt.Fprintf(os.Stderr, "env: %s\n", w)
	}
	if len(warnings) > 0 {
		fmt.Fprintln(os.Stderr, "env: review these with the user; modaudit does not change them")
	}
	return nil
}
