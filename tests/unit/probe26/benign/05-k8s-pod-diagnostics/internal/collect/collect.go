// Package collect runs read-only kubectl commands and gathers their output.
package collect

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os/exec"
	"sort"
	"strings"
)

// File is one entry of the diagnostics bundle.
type File struct {
	Name string
	Data []byte
}

func kubectl(args ...string) ([]byte, error) {
	var out, errb bytes.Buffer
	cmd := exec.Command("kubectl", args...)
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("kubectl %s: %v: %s", strings.Join(args, " "), err, errb.String())
	}
	return out.Bytes(), nil
}

type podList struct {
	Items []struct {
		Metadata struct{ Name string } `json:"metadata"`
		Spec     struct {
			Containers []struct {
				Name    string `json:"name"`
				EnvFrom []struct {
					ConfigMapRef *struct{ Name string } `json:"configMapRef"`
					SecretRef    *struct{ Name string } `json:"secretRef"`
				} `json:"envFrom"`
			} `json:"containers"`
			Volumes []struct {
				ConfigMap *struct{ Name string } `json:"configMap"`
				Secret    *struct {
					SecretName string `json:"secretName"`
				} `json:"secret"`
			} `json:"volumes"`
			ImagePullSecrets []struct{ Name string } `json:"imagePullSecrets"`
		} `json:"spec"`
	} `json:"items"`
}

// Pods returns the raw pod JSON and the pod/container names it contains.
func Pods(ns string, selector []string) ([]byte, map[string][]string, error) {
	args := append([]string{"get", "pods", "-n", ns, "-o", "json"}, selector...)
	raw, err := kubectl(args...)
	if err != nil {
		return nil, nil, err
	}
	var pl podList
	if err := json.Unmarshal(raw, &pl); err != nil {
		return nil, nil, err
	}
	names := map[string][]string{}
	for _, p := range pl.Items {
		for _, c := range p.Spec.Containers {
			names[p.Metadata.Name] = append(names[p.Metadata.Name], c.Name)
		}
	}
	return raw, names, nil
}

// Referenced returns the ConfigMaps the pods mount or import and the key
// names of referenced Secrets (including image pull secrets).
func Referenced(ns string, podJSON []byte) []File {
	var pl podList
	_ = json.Unmarshal(podJSON, &pl)
	cms, secs := map[string]bool{}, map[string]bool{}
	for _, p := range pl.Items {
		for _, c := range p.Spec.Containers {
			for _, e := range c.EnvFrom {
				if e.ConfigMapRef != nil {
					cms[e.ConfigMapRef.Name] = true
				}
				if e.SecretRef != nil {
					secs[e.SecretRef.Name] = true
				}
			}
		}
		for _, v := range p.Spec.Volumes {
			if v.ConfigMap != nil {
				cms[v.ConfigMap.Name] = true
			}
			if v.Secret != nil {
				secs[v.Secret.SecretName] = true
			}
		}
		for _, s := range p.Spec.ImagePullSecrets {
			secs[s.Name] = true
		}
	}
	var files []File
	for _, name := range sortedKeys(cms) {
		if b, err := kubectl("get", "configmap", name, "-n", ns, "-o", "yaml"); err == nil {
			files = append(files, File{"config/configmap_" + name + ".yaml", b})
		}
	}
	// Secrets: record only which keys exist, so a missing key is visible
	// without the values ever leaving the cluster.
	for _, name := range sortedKeys(secs) {
		b, err := kubectl("get", "secret", name, "-n", ns, "-o",
			`go-template={{range $k, $v := .data}}{{$k}}{{"\n"}}{{end}}`)
		if err != nil {
			b = []byte("not found or not readable: " + err.Error())
		}
		files = append(files, File{"config/secret_" + name + ".keys.txt", b})
	}
	return files
}

func sortedKeys(m map[string]bool) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Events returns namespace events sorted by last timestamp.
func Events(ns string) []byte {
	b, err := kubectl("get", "events", "-n", ns, "--sort-by=.lastTimestamp")
	if err != nil {
		return []byte(err.Error())
	}
	return b
}

// Logs returns current and previous logs for each container.
func Logs(ns string, pods map[string][]string) []File {
	var files []File
	for pod, containers := range pods {
		for _, c := range containers {
			if b, err := kubectl("logs", pod, "-c", c, "-n", ns, "--tail=500"); err == nil {
				files = append(files, File{fmt.Sprintf("logs/%s_%s.log", pod, c), b})
			}
			if b, err := kubectl("logs", pod, "-c", c, "-n", ns, "--tail=500", "--previous"); err == nil {
				files = append(files, File{fmt.Sprintf("logs/%s_%s.previous.log", pod, c), b})
			}
		}
	}
	return files
}

// Context records which cluster the data came from: the context name and
// API server URL only, never tokens or client certificates.
func Context() []byte {
	name, err := kubectl("config", "current-context")
	if err != nil {
		return []byte(err.Error())
	}
	server, _ := kubectl("config", "view", "--minify", "-o", "jsonpath={.clusters[0].cluster.server}")
	return []byte(fmt.Sprintf("context: %s\nserver: %s\n", bytes.TrimSpace(name), server))
}
