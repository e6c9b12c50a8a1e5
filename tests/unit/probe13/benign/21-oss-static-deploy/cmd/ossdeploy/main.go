// ossdeploy：增量上传静态站点到阿里云 OSS
package main

import (
	"crypto/md5"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"log"
	"mime"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/aliyun/aliyun-oss-go-sdk/oss"
)

func mustEnv(k string) string {
	v := os.Getenv(k)
	if v == "" {
		log.Fatalf("缺少环境变量 %s", k)
	}
	return v
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
	return strings.ToUpper(hex.EncodeToString(h.Sum(nil))), nil
}

// cacheControl：入口文件不缓存，带 hash 的资源长期缓存
func cacheControl(rel string) string {
	if strings.HasSuffix(rel, ".html") {
		return "no-cache"
	}
	if strings.HasPrefix(rel, "assets/") {
		return "public, max-age=31536000, immutable"
	}
	return "public, max-age=3600"
}

func main() {
	dir := flag.String("dir", "dist", "构建产物目录")
	dry := flag.Bool("dry-run", false, "只列出待上传文件")
	rollback := flag.String("rollback", "", "回滚到指定快照 ID")
	flag.Parse()

	akID, akSecret, src, err := loadCredentials()
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("使用凭证来源: %s (AccessKeyId %s****)", src, akID[:min(6, len(akID))])
	client, err := oss.New(mustEnv("OSS_ENDPOINT"), akID, akSecret)
	if err != nil {
		log.Fatal(err)
	}
	bucket, err := client.Bucket(mustEnv("OSS_BUCKET"))
	if err != nil {
		log.Fatal(err)
	}

	if *rollback != "" {
		log.Fatal(restoreSnapshot(bucket, *rollback))
	}

	snapID := time.Now().Format("20060102-150405")
	manifest := map[string]string{}
	var uploaded, skipped int
	err = filepath.Walk(*dir, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(*dir, p)
		rel = filepath.ToSlash(rel)
		sum, err := fileMD5(p)
		if err != nil {
			return err
		}
		if meta, err := bucket.GetObjectMeta(rel); err == nil && strings.Trim(meta.Get("ETag"), `"`) == sum {
			skipped++
			return nil
		}
		manifest[rel] = sum
		if *dry {
			fmt.Printf("将上传 %s (%d 字节)\n", rel, info.Size())
			return nil
		}
		ct := mime.TypeByExtension(filepath.Ext(rel))
		if ct == "" {
			ct = "application/octet-stream"
		}
		uploaded++
		return bucket.PutObjectFromFile(rel, p, oss.ContentType(ct), oss.CacheControl(cacheControl(rel)))
	})
	if err != nil {
		log.Fatal(err)
	}
	if !*dry {
		if err := saveSnapshot(bucket, snapID, manifest); err != nil {
			log.Printf("快照保存失败（不影响部署）: %v", err)
		}
	}
	fmt.Printf("完成：上传 %d 个，跳过 %d 个未变化文件，快照 %s\n", uploaded, skipped, snapID)
}
