package main

import (
	"encoding/base64"
	"encoding/binary"
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
		if typ, bits, ok := publicKeyInfo(p + ".pub"); ok {
			if typ == "ssh-dss" || (typ == "ssh-rsa" && bits < 3072) {
				out = append(out, Finding{"SSH005", "low", host, fmt.Sprintf("%s %d-bit key; generate ed25519 instead", typ, bits), p})
			}
		}
	}
	return out
}

// publicKeyInfo reads the *public* half of a key pair (the .pub file, which is
// safe to share) and returns the key type and, for RSA, the modulus size.
func publicKeyInfo(pubPath string) (string, int, bool) {
	raw, err := os.ReadFile(pubPath)
	if err != nil {
		return "", 0, false
	}
	parts := strings.Fields(string(raw))
	if len(parts) < 2 {
		return "", 0, false
	}
	blob, err := base64.StdEncoding.DecodeString(parts[1])
	if err != nil {
		return parts[0], 0, true
	}
	fields := readSSHStrings(blob, 3)
	if parts[0] == "ssh-rsa" && len(fields) == 3 {
		n := fields[2]
		for len(n) > 0 && n[0] == 0 {
			n = n[1:]
		}
		return parts[0], len(n) * 8, true
	}
	return parts[0], 0, true
}

func readSSHStrings(b []byte, max int) [][]byte {
	var out [][]byte
	for len(b) >= 4 && len(out) < max {
		l := int(binary.BigEndian.Uint32(b[:4]))
		if l > len(b)-4 {
			break
		}
		out = append(out, b[4:4+l])
		b = b[4+l:]
	}
	return out
}
