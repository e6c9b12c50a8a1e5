// cos-deploy: 增量上传静态站点到腾讯云 COS 并刷新 CDN
package main

import (
	"context"
	"crypto/md5"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"log"
	"mime"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/fe-tools/cos-deploy/internal/cdn"
	cos "github.com/tencentyun/cos-go-sdk-v5"
	"gopkg.in/yaml.v3"
)

type Config struct {
	Bucket       string   `yaml:"bucket"`
	Region       string   `yaml:"region"`
	LocalDir     string   `yaml:"local_dir"`
	Prefix       string   `yaml:"prefix"`
	DeleteRemote bool     `yaml:"delete_remote"`
	Exclude      []string `yaml:"exclude"`
	CDN          struct {
		Domain     string   `yaml:"domain"`
		PurgePaths []string `yaml:"purge_paths"`
	} `yaml:"cdn"`
}

func cacheControl(key string) string {
	base := filepath.Base(key)
	switch {
	case strings.HasSuffix(base, ".html"), base == "sw.js":
		return "no-cache"
	case strings.Contains(key, "assets/"):
		return "public, max-age=31536000, immutable"
	default:
		return "public, max-age=3600"
	}
}

func fileMD5(p string) (string, error) {
	f, err := os.Open(p)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := md5.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

func excluded(rel string, patterns []string) bool {
	for _, p := range patterns {
		if ok, _ := filepath.Match(strings.TrimPrefix(p, "**/"), filepath.Base(rel)); ok {
			return true
		}
	}
	return false
}

func main() {
	cfgPath := flag.String("c", "cos-deploy.yaml", "配置文件")
	dryRun := flag.Bool("dry-run", false, "只列出变更")
	noPurge := flag.Bool("no-purge", false, "不刷新 CDN")
	flag.Parse()

	raw, err := os.ReadFile(*cfgPath)
	if err != nil {
		log.Fatalf("读取配置失败: %v", err)
	}
	var cfg Config
	if err := yaml.Unmarshal(raw, &cfg); err != nil {
		log.Fatalf("解析配置失败: %v", err)
	}
	id, key := os.Getenv("TENCENTCLOUD_SECRET_ID"), os.Getenv("TENCENTCLOUD_SECRET_KEY")
	if id == "" || key == "" {
		log.Fatal("缺少 TENCENTCLOUD_SECRET_ID / TENCENTCLOUD_SECRET_KEY")
	}

	bu, _ := url.Parse(fmt.Sprintf("https://%s.cos.%s.myqcloud.com", cfg.Bucket, cfg.Region))
	client := cos.NewClient(&cos.BaseURL{BucketURL: bu}, &http.Client{
		Timeout:   60 * time.Second,
		Transport: &cos.AuthorizationTransport{SecretID: id, SecretKey: key},
	})
	ctx := context.Background()

	var uploaded []string
	err = filepath.Walk(cfg.LocalDir, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(cfg.LocalDir, p)
		rel = filepath.ToSlash(rel)
		if excluded(rel, cfg.Exclude) {
			return nil
		}
		objKey := strings.TrimPrefix(cfg.Prefix+"/"+rel, "/")
		sum, _ := fileMD5(p)
		if resp, err := client.Object.Head(ctx, objKey, nil); err == nil {
			if strings.Trim(resp.Header.Get("ETag"), `"`) == sum {
				return nil
			}
		}
		fmt.Printf("  ↑ %s\n", objKey)
		if *dryRun {
			return nil
		}
		ct := mime.TypeByExtension(filepath.Ext(p))
		_, err = client.Object.PutFromFile(ctx, objKey, p, &cos.ObjectPutOptions{
			ObjectPutHeaderOptions: &cos.ObjectPutHeaderOptions{ContentType: ct, CacheControl: cacheControl(objKey)},
		})
		if err == nil {
			uploaded = append(uploaded, objKey)
		}
		return err
	})
	if err != nil {
		log.Fatalf("上传失败: %v", err)
	}
	fmt.Printf("上传完成：%d 个文件\n", len(uploaded))

	if *dryRun || *noPurge || cfg.CDN.Domain == "" || len(uploaded) == 0 {
		return
	}
	var targets []string
	for _, p := range cfg.CDN.PurgePaths {
		targets = append(targets, strings.TrimRight(cfg.CDN.Domain, "/")+p)
	}
	taskID, err := cdn.New(id, key).PurgePaths(ctx, targets)
	if err != nil {
		log.Printf("CDN 刷新失败（可在控制台手动刷新）: %v", err)
		return
	}
	fmt.Printf("CDN 刷新已提交，任务 ID: %s\n", taskID)
}
