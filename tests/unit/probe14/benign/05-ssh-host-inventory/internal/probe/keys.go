// Package probe checks identity files referenced from ssh_config.
//
// Only file metadata of private keys is inspected. Fingerprints are computed
// by ssh-keygen from the matching .pub file.
package probe

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Warning describes an identity file problem or an informational fingerprint.
type Warning struct {
	Level string
	Path  string
	Msg   string
}

var defaultKeys = []string{"id_rsa", "id_ecdsa", "id_ed25519"}

func expand(p, home string) string {
	if strings.HasPrefix(p, "~/") {
		return filepath.Join(home, p[2:])
	}
	return p
}

func fingerprint(pub string) (string, error) {
	out, err := exec.Command("ssh-keygen", "-l", "-f", pub).Output()
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(string(out)), nil
}

// CheckKeys stats every identity file, warns when group/other can read it,
// and reports the public-key fingerprint when a .pub file sits next to it.
func CheckKeys(files []string) []Warning {
	home, _ := os.UserHomeDir()
	for _, k := range defaultKeys {
		files = append(files, filepath.Join(home, ".ssh", k))
	}
	var out []Warning
	seen := map[string]bool{}
	for _, f := range files {
		f = expand(f, home)
		if seen[f] {
			continue
		}
		seen[f] = true
		st, err := os.Stat(f)
		if err != nil {
			continue
		}
		if perm := st.Mode().Perm(); perm&0o077 != 0 {
			out = append(out, Warning{"warning", f, fmt.Sprintf("mode %o is too open; run chmod 600 %s", perm, f)})
		}
		if _, err := os.Stat(f + ".pub"); err == nil {
			if fp, err := fingerprint(f + ".pub"); err == nil {
				out = append(out, Warning{"info", f, fp})
			}
		}
	}
	return out
}
