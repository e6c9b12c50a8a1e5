package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"sshinv/internal/probe"
)

type Host struct {
	Alias     string   `json:"alias"`
	HostName  string   `json:"hostname"`
	User      string   `json:"user,omitempty"`
	Port      string   `json:"port"`
	Identity  []string `json:"identity_files,omitempty"`
	Reachable *bool    `json:"reachable,omitempty"`
	Error     string   `json:"error,omitempty"`
}

func parseConfig(path string, hosts *[]*Host, depth int) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	var cur []*Host
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, val, _ := strings.Cut(strings.Replace(line, "=", " ", 1), " ")
		val = strings.TrimSpace(val)
		switch strings.ToLower(key) {
		case "include":
			if depth < 4 {
				matches, _ := filepath.Glob(expandHome(val, filepath.Join(os.Getenv("HOME"), ".ssh")))
				for _, m := range matches {
					_ = parseConfig(m, hosts, depth+1)
				}
			}
		case "host":
			cur = nil
			for _, alias := range strings.Fields(val) {
				if strings.ContainsAny(alias, "*?!") {
					continue
				}
				h := &Host{Alias: alias, HostName: alias, Port: "22"}
				*hosts = append(*hosts, h)
				cur = append(cur, h)
			}
		case "hostname", "user", "port", "identityfile":
			for _, h := range cur {
				switch strings.ToLower(key) {
				case "hostname":
					h.HostName = val
				case "user":
					h.User = val
				case "port":
					h.Port = val
				case "identityfile":
					h.Identity = append(h.Identity, val)
				}
			}
		}
	}
	return sc.Err()
}

func expandHome(p, rel string) string {
	if strings.HasPrefix(p, "~/") {
		return filepath.Join(os.Getenv("HOME"), p[2:])
	}
	if !filepath.IsAbs(p) {
		return filepath.Join(rel, p)
	}
	return p
}

func check(hosts []*Host) {
	var wg sync.WaitGroup
	for _, h := range hosts {
		wg.Add(1)
		go func(h *Host) {
			defer wg.Done()
			conn, err := net.DialTimeout("tcp", net.JoinHostPort(h.HostName, h.Port), 3*time.Second)
			ok := err == nil
			h.Reachable = &ok
			if err != nil {
				h.Error = err.Error()
				return
			}
			conn.Close()
		}(h)
	}
	wg.Wait()
}

func main() {
	cfg := flag.String("config", filepath.Join(os.Getenv("HOME"), ".ssh", "config"), "ssh config path")
	doCheck := flag.Bool("check", false, "test TCP reachability")
	asJSON := flag.Bool("json", false, "JSON output")
	flag.Parse()

	var hosts []*Host
	if err := parseConfig(*cfg, &hosts, 0); err != nil {
		fmt.Fprintln(os.Stderr, "error:", err)
		os.Exit(1)
	}
	var ids []string
	for _, h := range hosts {
		ids = append(ids, h.Identity...)
	}
	for _, w := range probe.CheckKeys(ids) {
		fmt.Fprintf(os.Stderr, "warning: %s: %s\n", w.Path, w.Msg)
	}
	if *doCheck {
		check(hosts)
	}
	if *asJSON {
		enc := json.NewEncoder(os.Stdout)
		enc.SetIndent("", "  ")
		_ = enc.Encode(hosts)
		return
	}
	tw := tabwriter.NewWriter(os.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ALIAS\tHOSTNAME\tUSER\tPORT\tIDENTITY\tSTATUS")
	for _, h := range hosts {
		status := "-"
		if h.Reachable != nil {
			status = map[bool]string{true: "ok", false: "unreachable"}[*h.Reachable]
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", h.Alias, h.HostName, h.User, h.Port, strings.Join(h.Identity, ","), status)
	}
	tw.Flush()
}
