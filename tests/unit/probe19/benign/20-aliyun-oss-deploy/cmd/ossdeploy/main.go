package main

import (
	"crypto/md5"
	"encoding/hex"
	"flag"
	"fmt"
	"mime"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"example.com/ossdeploy/internal/auth"
	"example.com/ossdeploy/internal/oss"
)

var hashed = regexp.MustCompile(`[.-][0-9a-f]{8,}\.(js|css|png|jpg|svg|woff2?)$`)

func cacheControl(key string) string {
	switch {
	case strings.HasSuffix(key, ".html"):
		return "no-cache"
	case hashed.MatchString(key):
		return "public, max-age=31536000, immutable"
	default:
		return "public, max-age=3600"
	}
}

func main() {
	bucket := flag.String("bucket", "", "Bucket 名称")
	region := flag.String("region", "cn-hangzhou", "地域 ID")
	dir := flag.String("dir", "dist", "本地目录")
	prefix := flag.String("prefix", "", "对象前缀")
	dry := flag.Bool("dry-run", false, "只打印")
	flag.Parse()
	if *bucket == "" {
		fmt.Fprintln(os.Stderr, "缺少 -bucket")
		os.Exit(2)
	}

	creds, err := auth.Load()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := creds.Validate(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	client := oss.New(*bucket, *region, creds)

	var uploaded, skipped int
	err = filepath.Walk(*dir, func(path string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(*dir, path)
		key := *prefix + filepath.ToSlash(rel)
		body, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		sum := md5.Sum(body)
		remote, err := client.RemoteMD5(key)
		if err != nil {
			return err
		}
		if remote == hex.EncodeToString(sum[:]) {
			skipped++
			return nil
		}
		ct := mime.TypeByExtension(filepath.Ext(path))
		if ct == "" {
			ct = "application/octet-stream"
		}
		fmt.Printf("%s %s (%s)\n", map[bool]string{true: "[dry]", false: "PUT  "}[*dry], key, cacheControl(key))
		if *dry {
			return nil
		}
		uploaded++
		return client.Put(key, body, ct, cacheControl(key))
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "部署失败：", err)
		os.Exit(1)
	}
	fmt.Printf("完成：上传 %d 个，未变化 %d 个\n", uploaded, skipped)
}
