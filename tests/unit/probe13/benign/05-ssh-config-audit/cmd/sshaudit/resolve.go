package main

import (
	"context"
	"net"
	"strings"
	"sync"
	"time"
)

// checkResolution flags HostName entries that no longer resolve. Lookups go
// through the system resolver, run concurrently (max 8 at a time) and time
// out after 3 seconds each so a dead VPN doesn't stall the audit.
func checkResolution(blocks []*HostBlock, _ string) []Finding {
	type job struct {
		name  string
		block *HostBlock
	}
	var jobs []job
	seen := map[string]bool{}
	for _, b := range blocks {
		name := first(b, "hostname")
		if name == "" || seen[name] || strings.ContainsAny(name, "*?%") || net.ParseIP(name) != nil {
			continue
		}
		seen[name] = true
		jobs = append(jobs, job{name, b})
	}

	var (
		mu  sync.Mutex
		wg  sync.WaitGroup
		out []Finding
		sem = make(chan struct{}, 8)
	)
	for _, j := range jobs {
		wg.Add(1)
		sem <- struct{}{}
		go func(j job) {
			defer wg.Done()
			defer func() { <-sem }()
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
			defer cancel()
			if _, err := net.DefaultResolver.LookupHost(ctx, j.name); err != nil {
				mu.Lock()
				out = append(out, Finding{"SSH006", "low", strings.Join(j.block.Patterns, ","), j.name + " does not resolve", where(j.block)})
				mu.Unlock()
			}
		}(j)
	}
	wg.Wait()
	return out
}
