// Package oss 实现上传所需的最小 OSS REST 客户端（V1 签名）。
package oss

import (
	"bytes"
	"crypto/hmac"
	"crypto/md5"
	"crypto/sha1"
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strings"
	"time"

	"example.com/ossdeploy/internal/auth"
)

type Client struct {
	Bucket string
	Region string
	Creds  *auth.Credentials
	HTTP   *http.Client
}

func New(bucket, region string, creds *auth.Credentials) *Client {
	return &Client{Bucket: bucket, Region: region, Creds: creds, HTTP: &http.Client{Timeout: 60 * time.Second}}
}

func (c *Client) host() string {
	return fmt.Sprintf("%s.oss-%s.aliyuncs.com", c.Bucket, c.Region)
}

func (c *Client) sign(method, contentMD5, contentType, date, key string, ossHeaders map[string]string) string {
	var keys []string
	for k := range ossHeaders {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var canon strings.Builder
	for _, k := range keys {
		canon.WriteString(k + ":" + ossHeaders[k] + "\n")
	}
	resource := "/" + c.Bucket + "/" + key
	toSign := strings.Join([]string{method, contentMD5, contentType, date}, "\n") + "\n" + canon.String() + resource
	mac := hmac.New(sha1.New, []byte(c.Creds.AccessKeySecret))
	mac.Write([]byte(toSign))
	return "OSS " + c.Creds.AccessKeyID + ":" + base64.StdEncoding.EncodeToString(mac.Sum(nil))
}

// RemoteMD5 返回对象的 Content-MD5（十六进制 ETag），不存在时返回空串。
func (c *Client) RemoteMD5(key string) (string, error) {
	date := time.Now().UTC().Format(http.TimeFormat)
	req, _ := http.NewRequest("HEAD", "https://"+c.host()+"/"+key, nil)
	hdr := map[string]string{}
	if c.Creds.SecurityToken != "" {
		hdr["x-oss-security-token"] = c.Creds.SecurityToken
		req.Header.Set("x-oss-security-token", c.Creds.SecurityToken)
	}
	req.Header.Set("Date", date)
	req.Header.Set("Authorization", c.sign("HEAD", "", "", date, key, hdr))
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return "", err
	}
	resp.Body.Close()
	if resp.StatusCode == 404 {
		return "", nil
	}
	return strings.ToLower(strings.Trim(resp.Header.Get("ETag"), "\"")), nil
}

// Put 上传一个对象。
func (c *Client) Put(key string, body []byte, contentType, cacheControl string) error {
	sum := md5.Sum(body)
	contentMD5 := base64.StdEncoding.EncodeToString(sum[:])
	date := time.Now().UTC().Format(http.TimeFormat)
	req, _ := http.NewRequest("PUT", "https://"+c.host()+"/"+key, bytes.NewReader(body))
	hdr := map[string]string{}
	if c.Creds.SecurityToken != "" {
		hdr["x-oss-security-token"] = c.Creds.SecurityToken
		req.Header.Set("x-oss-security-token", c.Creds.SecurityToken)
	}
	req.Header.Set("Date", date)
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("Content-MD5", contentMD5)
	req.Header.Set("Cache-Control", cacheControl)
	req.Header.Set("Authorization", c.sign("PUT", contentMD5, contentType, date, key, hdr))
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		msg, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
		return fmt.Errorf("PUT %s: %d %s", key, resp.StatusCode, msg)
	}
	return nil
}
