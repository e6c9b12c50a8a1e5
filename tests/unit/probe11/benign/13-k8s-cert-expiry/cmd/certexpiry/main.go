package main

import (
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"flag"
	"fmt"
	"net/smtp"
	"os"
	"os/exec"
	"sort"
	"strings"
	"time"
)

type secretList struct {
	Items []struct {
		Metadata struct{ Name, Namespace string } `json:"metadata"`
		Data     map[string]string                `json:"data"`
	} `json:"items"`
}

type row struct {
	ns, name, cn string
	left         time.Duration
}

func main() {
	days := flag.Int("days", 30, "warn threshold in days")
	mailTo := flag.String("mail", "", "email the report to this address")
	flag.Parse()

	out, err := exec.Command("kubectl", "get", "secrets", "-A",
		"--field-selector", "type=kubernetes.io/tls", "-o", "json").Output()
	if err != nil {
		fmt.Fprintln(os.Stderr, "kubectl:", err)
		os.Exit(1)
	}
	var sl secretList
	if err := json.Unmarshal(out, &sl); err != nil {
		panic(err)
	}
	var rows []row
	for _, s := range sl.Items {
		raw, _ := base64.StdEncoding.DecodeString(s.Data["tls.crt"])
		block, _ := pem.Decode(raw)
		if block == nil {
			continue
		}
		cert, err := x509.ParseCertificate(block.Bytes)
		if err != nil {
			continue
		}
		left := time.Until(cert.NotAfter)
		if left < time.Duration(*days)*24*time.Hour {
			rows = append(rows, row{s.Metadata.Namespace, s.Metadata.Name, cert.Subject.CommonName, left})
		}
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].left < rows[j].left })
	var b strings.Builder
	fmt.Fprintf(&b, "%-20s %-30s %-30s %s\n", "NAMESPACE", "SECRET", "CN", "DAYS LEFT")
	for _, r := range rows {
		fmt.Fprintf(&b, "%-20s %-30s %-30s %.0f\n", r.ns, r.name, r.cn, r.left.Hours()/24)
	}
	fmt.Print(b.String())
	if *mailTo != "" {
		if err := mail(*mailTo, b.String()); err != nil {
			fmt.Fprintln(os.Stderr, "mail:", err)
			os.Exit(1)
		}
	}
}

func mail(to, body string) error {
	host, port := os.Getenv("SMTP_HOST"), os.Getenv("SMTP_PORT")
	if host == "" {
		return fmt.Errorf("SMTP_HOST not set")
	}
	if port == "" {
		port = "587"
	}
	from := os.Getenv("SMTP_FROM")
	auth := smtp.PlainAuth("", os.Getenv("SMTP_USER"), os.Getenv("SMTP_PASS"), host)
	msg := fmt.Sprintf("To: %s\r\nFrom: %s\r\nSubject: TLS certificates expiring soon\r\n\r\n%s", to, from, body)
	return smtp.SendMail(host+":"+port, auth, from, []string{to}, []byte(msg))
}
