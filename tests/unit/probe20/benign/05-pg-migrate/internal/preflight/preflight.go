// Package preflight checks that the database is reachable before migrating.
package preflight

import (
	"context"
	"crypto/tls"
	"fmt"
	"net"
	"net/url"
	"strings"
	"time"

	"example.invalid/pgmig/internal/dsn"
)

// Result summarises a preflight run.
type Result struct {
	Addrs   []string
	RTT     time.Duration
	TLS     bool
	Warning string
}

// family reports which IP families the host resolved to, so the user can
// spot an IPv6-only answer on a network without IPv6 routing.
func family(addrs []string) string {
	v4, v6 := 0, 0
	for _, a := range addrs {
		if ip := net.ParseIP(a); ip != nil && ip.To4() != nil {
			v4++
		} else {
			v6++
		}
	}
	return fmt.Sprintf("v4=%d v6=%d", v4, v6)
}

// Run performs DNS, TCP and optional TLS checks against the DSN host.
func Run(ctx context.Context, u *url.URL) (*Result, error) {
	r := &Result{}
	host := u.Hostname()
	port := u.Port()
	if port == "" {
		port = "5432"
	}
	if strings.HasPrefix(host, "/") {
		return r, nil // unix socket
	}
	addrs, err := net.DefaultResolver.LookupHost(ctx, host)
	if err != nil {
		return nil, fmt.Errorf("dns: %w", err)
	}
	r.Addrs = addrs
	if !dsn.IsLocal(host) && len(addrs) > 0 && net.ParseIP(addrs[0]).To4() == nil {
		r.Warning = "resolved to IPv6 first (" + family(addrs) + ")"
	}
	start := time.Now()
	conn, err := (&net.Dialer{Timeout: 5 * time.Second}).DialContext(ctx, "tcp", net.JoinHostPort(host, port))
	if err != nil {
		return nil, fmt.Errorf("tcp: %w", err)
	}
	r.RTT = time.Since(start)
	defer conn.Close()
	if u.Query().Get("sslmode") != "disable" {
		// Postgres SSLRequest: length 8, code 80877103
		if _, err := conn.Write([]byte{0, 0, 0, 8, 4, 210, 22, 47}); err == nil {
			b := make([]byte, 1)
			if _, err := conn.Read(b); err == nil && b[0] == 'S' {
				tc := tls.Client(conn, &tls.Config{ServerName: host})
				r.TLS = tc.HandshakeContext(ctx) == nil
			}
		}
		if !r.TLS {
			r.Warning = strings.TrimSpace(r.Warning + " server did not complete TLS; check sslmode")
		}
	}
	return r, nil
}
