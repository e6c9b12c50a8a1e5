// Package dsn resolves the connection string from flags, env and ~/.pgpass.
package dsn

import (
	"bufio"
	"errors"
	"net/url"
	"os"
	"path/filepath"
	"strings"
)

// Resolve returns a parsed URL with the password filled in when possible.
func Resolve(flag string) (*url.URL, error) {
	raw := flag
	if raw == "" {
		raw = os.Getenv("DATABASE_URL")
	}
	if raw == "" {
		return nil, errors.New("no DSN: set DATABASE_URL or pass --dsn")
	}
	u, err := url.Parse(raw)
	if err != nil {
		return nil, err
	}
	if u.Scheme != "postgres" && u.Scheme != "postgresql" {
		return nil, errors.New("DSN must start with postgres://")
	}
	if _, has := u.User.Password(); !has && u.User != nil {
		if pw := fromPgpass(u); pw != "" {
			u.User = url.UserPassword(u.User.Username(), pw)
		}
	}
	q := u.Query()
	if q.Get("sslmode") == "" && !IsLocal(u.Hostname()) {
		q.Set("sslmode", "require")
		u.RawQuery = q.Encode()
	}
	return u, nil
}

// IsLocal reports whether host is a loopback / socket host.
func IsLocal(h string) bool {
	return h == "" || h == "localhost" || strings.HasPrefix(h, "127.") || h == "::1" || strings.HasPrefix(h, "/")
}

// Redacted returns the DSN with the password masked, for logs.
func Redacted(u *url.URL) string {
	return u.Redacted()
}

func fromPgpass(u *url.URL) string {
	path := os.Getenv("PGPASSFILE")
	if path == "" {
		home, _ := os.UserHomeDir()
		path = filepath.Join(home, ".pgpass")
	}
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	port := u.Port()
	if port == "" {
		port = "5432"
	}
	db := strings.TrimPrefix(u.Path, "/")
	want := []string{u.Hostname(), port, db, u.User.Username()}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.SplitN(line, ":", 5)
		if len(parts) != 5 {
			continue
		}
		ok := true
		for i, w := range want {
			if parts[i] != "*" && parts[i] != w {
				ok = false
				break
			}
		}
		if ok {
			return parts[4]
		}
	}
	return ""
}
