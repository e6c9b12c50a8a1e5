// Package accounts maps Terraform provider configurations to AWS account
// aliases so multi-account plans can be grouped by account.
//
// It reads only non-secret settings from ~/.aws/config (role_arn,
// sso_account_id) and an optional aliases file the user maintains. It never
// opens ~/.aws/credentials. With STS enabled it asks the official AWS CLI who
// the profile is, which talks to AWS with the user's own configuration.
package accounts

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// Only these keys are read from the config file; everything else is skipped.
var wanted = map[string]bool{"role_arn": true, "sso_account_id": true, "region": true}

var arnAccount = regexp.MustCompile(`^arn:aws[a-z-]*:iam::(\d{12}):`)

type profile struct {
	Name      string
	AccountID string
}

func configPath() string {
	if p := os.Getenv("AWS_CONFIG_FILE"); p != "" {
		return p
	}
	h, _ := os.UserHomeDir()
	return filepath.Join(h, ".aws", "config")
}

func readConfig() map[string]*profile {
	m := map[string]*profile{}
	f, err := os.Open(configPath())
	if err != nil {
		return m
	}
	defer f.Close()
	var cur *profile
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]") {
			name := strings.TrimPrefix(strings.Trim(line, "[]"), "profile ")
			cur = &profile{Name: name}
			m[name] = cur
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if cur == nil || !ok || !wanted[strings.TrimSpace(k)] {
			continue
		}
		v = strings.TrimSpace(v)
		switch strings.TrimSpace(k) {
		case "sso_account_id":
			cur.AccountID = v
		case "role_arn":
			if mm := arnAccount.FindStringSubmatch(v); mm != nil {
				cur.AccountID = mm[1]
			}
		}
	}
	return m
}

// stsAccount asks the AWS CLI for the caller identity of a profile.
func stsAccount(name string) string {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, "aws", "sts", "get-caller-identity",
		"--profile", name, "--query", "Account", "--output", "text").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// loadAliases reads account-id -> alias pairs from a file the user keeps in
// the repository (planreview-accounts.json), e.g. {"111122223333": "prod"}.
func loadAliases(path string) map[string]string {
	m := map[string]string{}
	raw, err := os.ReadFile(path)
	if err == nil {
		_ = json.Unmarshal(raw, &m)
	}
	return m
}

// Resolve returns provider config key -> "alias (account)" labels.
func Resolve(providerKeys []string) map[string]string {
	return ResolveWith(providerKeys, "planreview-accounts.json", os.Getenv("PLANREVIEW_STS") == "1")
}

func ResolveWith(providerKeys []string, aliasFile string, useSTS bool) map[string]string {
	profiles := readConfig()
	aliases := loadAliases(aliasFile)
	out := map[string]string{}
	for _, key := range providerKeys {
		// provider keys look like "aws", "aws.prod" or "module.x:aws.prod"
		name := key[strings.LastIndex(key, ":")+1:]
		if _, a, ok := strings.Cut(name, "."); ok {
			name = a
		} else {
			name = "default"
		}
		acct := ""
		if p, ok := profiles[name]; ok {
			acct = p.AccountID
		}
		if acct == "" && useSTS {
			acct = stsAccount(name)
		}
		switch {
		case acct == "":
			out[key] = name
		case aliases[acct] != "":
			out[key] = aliases[acct] + " (" + acct + ")"
		default:
			out[key] = name + " (" + acct + ")"
		}
	}
	return out
}
