package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

var legacy = []string{"ssh-rsa", "ssh-dss", "diffie-hellman-group1-sha1", "diffie-hellman-group14-sha1",
	"aes128-cbc", "aes256-cbc", "3des-cbc", "hmac-md5", "hmac-sha1"}

func where(b *HostBlock) string { return fmt.Sprintf("%s:%d", b.Source, b.Line) }

func first(b *HostBlock, key string) string {
	if v := b.Opts[key]; len(v) > 0 {
		return strings.ToLower(v[0])
	}
	return ""
}

func checkOptions(blocks []*HostBlock) []Finding {
	var out []Finding
	for _, b := range blocks {
		host := strings.Join(b.Patterns, ",")
		if first(b, "stricthostkeychecking") == "no" || first(b, "userknownhostsfile") == "/dev/null" {
			out = append(out, Finding{"SSH001", "high", host, "host key checking disabled", where(b)})
		}
		if first(b, "forwardagent") == "yes" && strings.Contains(host, "*") {
			out = append(out, Finding{"SSH002", "high", host, "agent forwarding on wildcard host", where(b)})
		}
		for _, k := range []string{"ciphers", "kexalgorithms", "macs", "hostkeyalgorithms", "pubkeyacceptedalgorithms"} {
			for _, v := range b.Opts[k] {
				for _, alg := range strings.Split(strings.TrimLeft(v, "+"), ",") {
					for _, l := range legacy {
						if alg == l {
							out = append(out, Finding{"SSH003", "medium", host, k + " allows " + alg, where(b)})
						}
					}
				}
			}
		}
		if first(b, "passwordauthentication") == "yes" {
			out = append(out, Finding{"SSH007", "info", host, "password authentication enabled", where(b)})
		}
	}
	return out
}

func identityFiles(blocks []*HostBlock, home string) map[string]string {
	ids := map[string]string{}
	for _, b := range blocks {
		for _, p := range b.Opts["identityfile"] {
			ids[expandHome(p)] = strings.Join(b.Patterns, ",")
		}
	}
	for _, name := range []string{"id_ed25519", "id_ecdsa", "id_rsa", "id_dsa"} {
		p := filepath.Join(home, ".ssh", name)
		if _, err := os.Stat(p); err == nil {
			if _, ok := ids[p]; !ok {
				ids[p] = "(default)"
			}
		}
	}
	return ids
}

func checkIdentities(blocks []*HostBlock, home string) []Finding {
	var out []Finding
	for p, host := range identityFiles(blocks, home) {
		st, err := os.Stat(p)
		if err != nil {
			continue
		}
		if st.Mode().Perm()&0o077 != 0 {
			out = append(out, Finding{"SSH004", "medium", host, fmt.Sprintf("%s mode %04o, want 0600", p, st.Mode().Perm()), p})
		}
		if strings.HasSuffix(p, "id_dsa") {
			out = append(out, Finding{"SSH005", "low", host, "DSA key; generate ed25519 instead", p})
		}
	}
	return out
}
