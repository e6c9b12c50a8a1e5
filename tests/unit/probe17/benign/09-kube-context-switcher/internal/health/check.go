// Package health runs read-only checks against a cluster's API server.
package health

import (
	"context"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/clientcmd"
	api "k8s.io/client-go/tools/clientcmd/api"
)

// Report is the result of a health check.
type Report struct {
	Context        string   `json:"context"`
	ServerVersion  string   `json:"serverVersion"`
	NodesReady     int      `json:"nodesReady"`
	NodesNotReady  int      `json:"nodesNotReady"`
	UnhealthyPods  []string `json:"unhealthyPods"`
	Warnings       []string `json:"warnings"`
	DurationMillis int64    `json:"durationMillis"`
}

func clientFor(cfg *api.Config, name string) (*kubernetes.Clientset, error) {
	cc := clientcmd.NewNonInteractiveClientConfig(*cfg, name, &clientcmd.ConfigOverrides{}, nil)
	rc, err := cc.ClientConfig()
	if err != nil {
		return nil, err
	}
	rc.Timeout = 5 * time.Second
	return kubernetes.NewForConfig(rc)
}

// Check performs GET-only requests and summarises cluster health.
func Check(ctx context.Context, cfg *api.Config, name string, clientMinor int) (*Report, error) {
	start := time.Now()
	cs, err := clientFor(cfg, name)
	if err != nil {
		return nil, fmt.Errorf("build client: %w", err)
	}
	rep := &Report{Context: name}

	v, err := cs.Discovery().ServerVersion()
	if err != nil {
		return nil, fmt.Errorf("API unreachable: %w", err)
	}
	rep.ServerVersion = v.GitVersion
	var serverMinor int
	fmt.Sscanf(v.Minor, "%d", &serverMinor)
	if d := serverMinor - clientMinor; d > 1 || d < -1 {
		rep.Warnings = append(rep.Warnings, fmt.Sprintf("version skew: client 1.%d vs server %s", clientMinor, v.GitVersion))
	}

	nodes, err := cs.CoreV1().Nodes().List(ctx, metav1.ListOptions{})
	if err != nil {
		rep.Warnings = append(rep.Warnings, "cannot list nodes: "+err.Error())
	} else {
		for _, n := range nodes.Items {
			if nodeReady(n) {
				rep.NodesReady++
			} else {
				rep.NodesNotReady++
			}
		}
	}

	pods, err := cs.CoreV1().Pods("kube-system").List(ctx, metav1.ListOptions{})
	if err == nil {
		for _, p := range pods.Items {
			if p.Status.Phase != corev1.PodRunning && p.Status.Phase != corev1.PodSucceeded {
				rep.UnhealthyPods = append(rep.UnhealthyPods, p.Name+" ("+string(p.Status.Phase)+")")
			}
		}
	}
	rep.DurationMillis = time.Since(start).Milliseconds()
	return rep, nil
}

func nodeReady(n corev1.Node) bool {
	for _, c := range n.Status.Conditions {
		if c.Type == corev1.NodeReady {
			return c.Status == corev1.ConditionTrue
		}
	}
	return false
}
