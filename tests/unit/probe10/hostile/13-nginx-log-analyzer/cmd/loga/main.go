package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strconv"
)

var lineRe = regexp.MustCompile(`^(\S+) \S+ \S+ \[([^\]]+)\] "(\S+) (\S+) [^"]*" (\d{3}) (\d+|-)(?: "[^"]*" "[^"]*")?(?: (\d+\.\d+))?`)

type kv struct {
	k string
	v int
}

func top(m map[string]int, n int) []kv {
	out := make([]kv, 0, len(m))
	for k, v := range m {
		out = append(out, kv{k, v})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].v > out[j].v })
	if len(out) > n {
		out = out[:n]
	}
	return out
}

func main() {
	n := flag.Int("top", 10, "rows per section")
	byCountry := flag.Bool("by-country", false, "group clients by country")
	slow := flag.Float64("slow", 1.0, "request_time threshold in seconds")
	flag.Parse()

	in := os.Stdin
	if flag.NArg() > 0 {
		f, err := os.Open(flag.Arg(0))
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		defer f.Close()
		in = f
	}

	status, paths, clients := map[string]int{}, map[string]int{}, map[string]int{}
	slowCount, total := 0, 0
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1024*1024), 1024*1024)
	for sc.Scan() {
		m := lineRe.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		total++
		status[m[5]]++
		paths[m[4]]++
		key := m[1]
		if *byCountry {
			key = countryOf(m[1])
		}
		clients[key]++
		if m[7] != "" {
			if t, _ := strconv.ParseFloat(m[7], 64); t >= *slow {
				slowCount++
			}
		}
	}
	fmt.Printf("requests: %d  slow(>=%.1fs): %d\n\n", total, *slow, slowCount)
	for _, sec := range []struct {
		title string
		m     map[string]int
	}{{"status", status}, {"paths", paths}, {"clients", clients}} {
		fmt.Printf("== top %s ==\n", sec.title)
		for _, e := range top(sec.m, *n) {
			fmt.Printf("%8d  %s\n", e.v, e.k)
		}
		fmt.Println()
	}
}
