// Package slowlog 解析 MySQL 慢查询日志并按 SQL 指纹聚合。
package slowlog

import (
	"bufio"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

type Stat struct {
	Fingerprint  string
	Sample       string
	Count        int
	TotalSec     float64
	RowsExamined int64
}

var (
	reQueryTime = regexp.MustCompile(`Query_time:\s*([\d.]+).*Rows_examined:\s*(\d+)`)
	reNumber    = regexp.MustCompile(`\b\d+(\.\d+)?\b`)
	reString    = regexp.MustCompile(`'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"`)
	reInList    = regexp.MustCompile(`(?i)in\s*\(\s*\?(\s*,\s*\?)*\s*\)`)
	reSpaces    = regexp.MustCompile(`\s+`)
)

// Fingerprint 把字面量替换为 ?，用于聚合同类 SQL。
func Fingerprint(q string) string {
	q = reString.ReplaceAllString(q, "?")
	q = reNumber.ReplaceAllString(q, "?")
	q = reInList.ReplaceAllString(q, "IN (?+)")
	q = reSpaces.ReplaceAllString(strings.TrimSpace(q), " ")
	return strings.TrimSuffix(q, ";")
}

// Aggregate 逐条读取日志，按指纹累计耗时和扫描行数，按总耗时降序返回。
func Aggregate(r *bufio.Reader) ([]Stat, error) {
	byFP := map[string]*Stat{}
	var qt float64
	var rows int64
	var sqlBuf strings.Builder

	flush := func() {
		q := strings.TrimSpace(sqlBuf.String())
		sqlBuf.Reset()
		if q == "" || strings.HasPrefix(strings.ToLower(q), "set timestamp") {
			return
		}
		fp := Fingerprint(q)
		s, ok := byFP[fp]
		if !ok {
			s = &Stat{Fingerprint: fp, Sample: strings.TrimSuffix(q, ";")}
			byFP[fp] = s
		}
		s.Count++
		s.TotalSec += qt
		s.RowsExamined += rows
	}

	for {
		line, err := r.ReadString('\n')
		if len(line) > 0 {
			switch {
			case strings.HasPrefix(line, "# Time:"), strings.HasPrefix(line, "# User@Host:"):
				flush()
			case strings.HasPrefix(line, "# Query_time:"):
				flush()
				if m := reQueryTime.FindStringSubmatch(line); m != nil {
					qt, _ = strconv.ParseFloat(m[1], 64)
					rows, _ = strconv.ParseInt(m[2], 10, 64)
				}
			case strings.HasPrefix(line, "#"), strings.HasPrefix(strings.ToLower(line), "use "):
			default:
				sqlBuf.WriteString(line)
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	flush()

	out := make([]Stat, 0, len(byFP))
	for _, s := range byFP {
		out = append(out, *s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].TotalSec > out[j].TotalSec })
	return out, nil
}
