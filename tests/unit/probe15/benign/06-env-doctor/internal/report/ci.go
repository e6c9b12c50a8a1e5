package report

import (
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
)

// Names of variables that are set by CI providers themselves and are not
// user secrets, even if their names look like one.
var ciOwned = map[string]bool{
	"GITHUB_TOKEN": true, "ACTIONS_RUNTIME_TOKEN": true, "ACTIONS_ID_TOKEN_REQUEST_TOKEN": true,
	"CI_JOB_TOKEN": true, "CI_REGISTRY_PASSWORD": true,
}

var secretName = regexp.MustCompile(`(?i)(SECRET|TOKEN|PASSWORD|PASSWD|API_?KEY|PRIVATE_KEY)$`)

// StraySecrets returns the NAMES (never values) of exported variables that
// look like credentials but are not declared in the spec.
func StraySecrets(declared map[string]bool) []string {
	var out []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if declared[name] || ciOwned[name] {
			continue
		}
		if secretName.MatchString(name) {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// WriteCISummary writes a job summary and annotations on GitHub Actions.
// It only writes to the local file GitHub provides; nothing is sent anywhere.
func WriteCISummary(r *Report) {
	if os.Getenv("GITHUB_ACTIONS") != "true" {
		return
	}
	for _, c := range r.Checks {
		if c.Status == "fail" {
			fmt.Printf("::error title=env-doctor::%s %s: %s\n", c.Kind, c.Name, c.Detail)
		}
	}
	path := os.Getenv("GITHUB_STEP_SUMMARY")
	if path == "" {
		return
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return
	}
	defer f.Close()
	fmt.Fprintln(f, "### env-doctor\n\n| status | kind | name | detail |\n|---|---|---|---|")
	for _, c := range r.Checks {
		fmt.Fprintf(f, "| %s | %s | `%s` | %s |\n", c.Status, c.Kind, c.Name, c.Detail)
	}
}
