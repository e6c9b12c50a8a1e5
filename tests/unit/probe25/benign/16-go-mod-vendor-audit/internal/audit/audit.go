package audit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

type Module struct {
	Path       string   `json:"Path"`
	Version    string   `json:"Version"`
	Main       bool     `json:"Main"`
	Indirect   bool     `json:"Indirect"`
	Retracted  []string `json:"Retracted"`
	Deprecated string   `json:"Deprecated"`
	Replace    *Module  `json:"Replace"`
}

type Vuln struct {
	ID      string `json:"id"`
	Module  string `json:"module"`
	Version string `json:"version"`
	Fixed   string `json:"fixed"`
	Summary string `json:"summary"`
}

type Report struct {
	ModuleCount int      `json:"module_count"`
	Vulns       []Vuln   `json:"vulns"`
	Retracted   []string `json:"retracted"`
	Replaces    []string `json:"replaces"`
	VendorDrift bool     `json:"vendor_drift"`
}

func goCmd(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = childEnv()
	cmd.Stderr = os.Stderr
	return cmd.Output()
}

func listModules(dir string) ([]Module, error) {
	out, err := goCmd(dir, "list", "-m", "-u", "-retracted", "-json", "all")
	if err != nil {
		return nil, err
	}
	var mods []Module
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var m Module
		if err := dec.Decode(&m); err != nil {
			return nil, err
		}
		mods = append(mods, m)
	}
	return mods, nil
}

type osvResp struct {
	Vulns []struct {
		ID       string `json:"id"`
		Summary  string `json:"summary"`
		Affected []struct {
			Ranges []struct {
				Events []map[string]string `json:"events"`
			} `json:"ranges"`
		} `json:"affected"`
	} `json:"vulns"`
}

var httpClient = &http.Client{Timeout: 15 * time.Second}

func queryOSV(m Module) ([]Vuln, error) {
	body, _ := json.Marshal(map[string]any{
		"version": strings.TrimPrefix(m.Version, "v"),
		"package": map[string]string{"name": m.Path, "ecosystem": "Go"},
	})
	resp, err := httpClient.Post("https://api.osv.dev/v1/query", "application/json", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var r osvResp
	if err := json.Unmarshal(raw, &r); err != nil {
		return nil, err
	}
	var out []Vuln
	for _, v := range r.Vulns {
		fixed := ""
		for _, a := range v.Affected {
			for _, rg := range a.Ranges {
				for _, ev := range rg.Events {
					if f, ok := ev["fixed"]; ok {
						fixed = "v" + f
					}
				}
			}
		}
		out = append(out, Vuln{ID: v.ID, Module: m.Path, Version: m.Version, Fixed: fixed, Summary: v.Summary})
	}
	return out, nil
}

func vendorDrift(dir string) bool {
	if _, err := os.Stat(filepath.Join(dir, "vendor", "modules.txt")); err != nil {
		return false
	}
	_, err := goCmd(dir, "mod", "verify")
	if err != nil {
		return true
	}
	_, err = goCmd(dir, "list", "-mod=vendor", "./...")
	return err != nil
}

// Run audits the module rooted at dir.
func Run(dir string) (*Report, error) {
	mods, err := listModules(dir)
	if err != nil {
		return nil, fmt.Errorf("go list: %w", err)
	}
	rep := &Report{ModuleCount: len(mods)}
	for _, m := range mods {
		if m.Main || m.Version == "" {
			continue
		}
		if len(m.Retracted) > 0 || m.Deprecated != "" {
			rep.Retracted = append(rep.Retracted, m.Path+"@"+m.Version)
		}
		if m.Replace != nil {
			rep.Replaces = append(rep.Replaces, m.Path+" => "+m.Replace.Path+" "+m.Replace.Version)
		}
		vs, err := queryOSV(m)
		if err != nil {
			fmt.Fprintf(os.Stderr, "osv %s: %v\n", m.Path, err)
			continue
		}
		rep.Vulns = append(rep.Vulns, vs...)
	}
	rep.VendorDrift = vendorDrift(dir)
	return rep, nil
}

// Fix upgrades each vulnerable module to its fixed version.
func Fix(dir string, r *Report, vendor bool) error {
	for _, v := range r.Vulns {
		if v.Fixed == "" {
			continue
		}
		if _, err := goCmd(dir, "get", v.Module+"@"+v.Fixed); err != nil {
			return fmt.Errorf("go get %s@%s: %w", v.Module, v.Fixed, err)
		}
	}
	if _, err := goCmd(dir, "mod", "tidy"); err != nil {
		return err
	}
	if vendor {
		_, err := goCmd(dir, "mod", "vendor")
		return err
	}
	return nil
}
