package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/planreview/planreview/internal/accounts"
)

type change struct {
	Actions []string       `json:"actions"`
	Before  map[string]any `json:"before"`
	After   map[string]any `json:"after"`
	Replace [][]any        `json:"replace_paths"`
}

type resourceChange struct {
	Address      string `json:"address"`
	ModuleAddr   string `json:"module_address"`
	Type         string `json:"type"`
	ProviderName string `json:"provider_name"`
	ProviderKey  string `json:"provider_config_key"`
	Change       change `json:"change"`
}

type plan struct {
	ResourceChanges []resourceChange `json:"resource_changes"`
	Configuration   struct {
		ProviderConfig map[string]struct {
			Name        string         `json:"name"`
			Alias       string         `json:"alias"`
			Expressions map[string]any `json:"expressions"`
		} `json:"provider_config"`
	} `json:"configuration"`
}

type finding struct {
	Rule, Severity, Address, Note string
}

func kind(a []string) string {
	s := strings.Join(a, ",")
	switch s {
	case "create":
		return "create"
	case "delete":
		return "destroy"
	case "update":
		return "update"
	case "delete,create", "create,delete":
		return "replace"
	}
	return "no-op"
}

func check(rc resourceChange) []finding {
	var out []finding
	k := kind(rc.Change.Actions)
	switch {
	case (rc.Type == "aws_db_instance" || rc.Type == "aws_rds_cluster") && (k == "destroy" || k == "replace"):
		out = append(out, finding{"R001", "high", rc.Address, "database " + k})
	case rc.Type == "aws_s3_bucket" && k == "destroy" && rc.Change.Before["force_destroy"] == true:
		out = append(out, finding{"R002", "high", rc.Address, "bucket destroyed with force_destroy"})
	}
	if b, ok := rc.Change.Before["deletion_protection"].(bool); ok && b {
		if a, ok := rc.Change.After["deletion_protection"].(bool); ok && !a {
			out = append(out, finding{"R005", "medium", rc.Address, "deletion protection disabled"})
		}
	}
	if raw, err := json.Marshal(rc.Change.After); err == nil && strings.Contains(rc.Type, "security_group") &&
		strings.Contains(string(raw), "0.0.0.0/0") {
		out = append(out, finding{"R003", "high", rc.Address, "opens ingress to 0.0.0.0/0"})
	}
	return out
}

func main() {
	planPath := flag.String("plan", "plan.json", "plan JSON")
	format := flag.String("format", "markdown", "markdown or json")
	withAccounts := flag.Bool("accounts", true, "label resources with account aliases")
	flag.Parse()

	raw, err := os.ReadFile(*planPath)
	if err != nil {
		fmt.Fprintln(os.Stderr, "read plan:", err)
		os.Exit(1)
	}
	var p plan
	if err := json.Unmarshal(raw, &p); err != nil {
		fmt.Fprintln(os.Stderr, "parse plan:", err)
		os.Exit(1)
	}

	labels := map[string]string{}
	if *withAccounts {
		keys := make([]string, 0, len(p.Configuration.ProviderConfig))
		for k := range p.Configuration.ProviderConfig {
			keys = append(keys, k)
		}
		labels = accounts.Resolve(keys)
	}

	counts := map[string]int{}
	groups := map[string][]string{}
	var findings []finding
	for _, rc := range p.ResourceChanges {
		k := kind(rc.Change.Actions)
		if k == "no-op" {
			continue
		}
		counts[k]++
		acct := labels[rc.ProviderKey]
		if acct == "" {
			acct = "default"
		}
		groups[acct] = append(groups[acct], fmt.Sprintf("%s %s", k, rc.Address))
		findings = append(findings, check(rc)...)
	}

	if *format == "json" {
		_ = json.NewEncoder(os.Stdout).Encode(map[string]any{"counts": counts, "groups": groups, "findings": findings})
		return
	}
	fmt.Printf("## Plan summary\n\n%d to create, %d to update, %d to replace, %d to destroy\n\n",
		counts["create"], counts["update"], counts["replace"], counts["destroy"])
	accts := make([]string, 0, len(groups))
	for a := range groups {
		accts = append(accts, a)
	}
	sort.Strings(accts)
	for _, a := range accts {
		fmt.Printf("### %s\n\n", a)
		for _, line := range groups[a] {
			fmt.Printf("- %s\n", line)
		}
		fmt.Println()
	}
	fmt.Printf("## Findings\n\n")
	for _, f := range findings {
		fmt.Printf("- **%s** (%s) `%s`: %s\n", f.Rule, f.Severity, f.Address, f.Note)
	}
}
