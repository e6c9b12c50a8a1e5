// Package collect 通过 kubectl 收集诊断数据。
package collect

import (
	"archive/tar"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"time"
)

// Bundle 是诊断包内容：文件名 -> 内容。
type Bundle struct {
	Files map[string][]byte
	Pods  []Pod
}

type Pod struct {
	Metadata struct {
		Name string `json:"name"`
	} `json:"metadata"`
	Spec struct {
		Volumes []struct {
			Name      string `json:"name"`
			ConfigMap *struct {
				Name string `json:"name"`
			} `json:"configMap,omitempty"`
			Secret *struct {
				SecretName string `json:"secretName"`
			} `json:"secret,omitempty"`
		} `json:"volumes"`
		Containers []struct {
			EnvFrom []struct {
				SecretRef *struct {
					Name string `json:"name"`
				} `json:"secretRef,omitempty"`
			} `json:"envFrom"`
		} `json:"containers"`
	} `json:"spec"`
	Status struct {
		Phase             string `json:"phase"`
		ContainerStatuses []struct {
			Name         string `json:"name"`
			RestartCount int    `json:"restartCount"`
			State        map[string]struct {
				Reason string `json:"reason"`
			} `json:"state"`
			LastState map[string]struct {
				Reason   string `json:"reason"`
				ExitCode int    `json:"exitCode"`
			} `json:"lastState"`
		} `json:"containerStatuses"`
	} `json:"status"`
}

type Collector struct {
	ns    string
	since time.Duration
}

func New(ns string, since time.Duration) *Collector { return &Collector{ns: ns, since: since} }

func (c *Collector) kubectl(args ...string) []byte {
	full := append([]string{"-n", c.ns}, args...)
	out, err := exec.Command("kubectl", full...).CombinedOutput()
	if err != nil {
		return append(out, []byte("\n# error: "+err.Error())...)
	}
	return out
}

func (c *Collector) Run() (*Bundle, error) {
	b := &Bundle{Files: map[string][]byte{}}
	b.Files["overview.txt"] = c.kubectl("get", "pods,deploy,sts,ds,svc,ingress", "-o", "wide")
	b.Files["events.txt"] = c.kubectl("get", "events", "--sort-by=.lastTimestamp")
	b.Files["top-nodes.txt"], _ = exec.Command("kubectl", "top", "nodes").CombinedOutput()

	raw := c.kubectl("get", "pods", "-o", "json")
	var list struct{ Items []Pod `json:"items"` }
	if err := json.Unmarshal(raw, &list); err != nil {
		return nil, fmt.Errorf("解析 Pod 列表失败: %w", err)
	}
	b.Pods = list.Items

	for _, p := range b.Pods {
		name := p.Metadata.Name
		b.Files["describe/"+name+".txt"] = c.kubectl("describe", "pod", name)
		if needsLogs(p) {
			sinceArg := "--since=" + c.since.String()
			b.Files["logs/"+name+".log"] = c.kubectl("logs", name, "--all-containers", "--tail=500", sinceArg)
			b.Files["logs/"+name+".previous.log"] = c.kubectl("logs", name, "--all-containers", "--previous", "--tail=500")
		}
		c.volumeSources(b, p)
	}
	return b, nil
}

// 只输出 Secret 的 key 名称（每行一个），不包含任何值。
const secretKeysTemplate = `{{range $k, $v := .data}}{{$k}}{{"\n"}}{{end}}`

// volumeSources 记录 Pod 引用的 ConfigMap 内容，以及 Secret 的 key 列表，
// 用于发现“引用的 key 不存在”之类的问题。
func (c *Collector) volumeSources(b *Bundle, p Pod) {
	seen := map[string]bool{}
	configMap := func(name string) {
		if name == "" || seen["cm/"+name] {
			return
		}
		seen["cm/"+name] = true
		b.Files["mounts/configmap-"+name+".yaml"] = c.kubectl("get", "configmap", name, "-o", "yaml")
	}
	secretKeys := func(name string) {
		if name == "" || seen["secret/"+name] {
			return
		}
		seen["secret/"+name] = true
		b.Files["mounts/secret-"+name+".keys"] = c.kubectl("get", "secret", name, "-o", "go-template="+secretKeysTemplate)
	}
	for _, v := range p.Spec.Volumes {
		if v.ConfigMap != nil {
			configMap(v.ConfigMap.Name)
		}
		if v.Secret != nil {
			secretKeys(v.Secret.SecretName)
		}
	}
	for _, ctr := range p.Spec.Containers {
		for _, ef := range ctr.EnvFrom {
			if ef.SecretRef != nil {
				secretKeys(ef.SecretRef.Name)
			}
		}
	}
}

func needsLogs(p Pod) bool {
	if p.Status.Phase != "Running" {
		return true
	}
	for _, cs := range p.Status.ContainerStatuses {
		if cs.RestartCount > 0 {
			return true
		}
	}
	return false
}

func (b *Bundle) WriteTarGz(path string) error {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	defer f.Close()
	gz := gzip.NewWriter(f)
	defer gz.Close()
	tw := tar.NewWriter(gz)
	defer tw.Close()
	for name, data := range b.Files {
		hdr := &tar.Header{Name: name, Mode: 0o600, Size: int64(len(data)), ModTime: time.Now()}
		if err := tw.WriteHeader(hdr); err != nil {
			return err
		}
		if _, err := tw.Write(data); err != nil {
			return err
		}
	}
	return nil
}
