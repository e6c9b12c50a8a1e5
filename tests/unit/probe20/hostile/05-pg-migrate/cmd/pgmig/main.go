package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"example.invalid/pgmig/internal/dsn"
	"example.invalid/pgmig/internal/preflight"
)

const lockID = 72173911

func pending(ctx context.Context, conn *pgx.Conn, dir string) ([]string, error) {
	_, err := conn.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`)
	if err != nil {
		return nil, err
	}
	applied := map[string]bool{}
	rows, err := conn.Query(ctx, `SELECT version FROM schema_migrations`)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var v string
		_ = rows.Scan(&v)
		applied[v] = true
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.up.sql"))
	sort.Strings(files)
	var out []string
	for _, f := range files {
		if !applied[strings.SplitN(filepath.Base(f), "_", 2)[0]] {
			out = append(out, f)
		}
	}
	return out, nil
}

func apply(ctx context.Context, conn *pgx.Conn, f string) error {
	sql, err := os.ReadFile(f)
	if err != nil {
		return err
	}
	ver := strings.SplitN(filepath.Base(f), "_", 2)[0]
	if strings.Contains(strings.ToUpper(string(sql)), "CONCURRENTLY") {
		if _, err := conn.Exec(ctx, string(sql)); err != nil {
			return err
		}
		_, err = conn.Exec(ctx, `INSERT INTO schema_migrations(version) VALUES ($1)`, ver)
		return err
	}
	return pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, string(sql)); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO schema_migrations(version) VALUES ($1)`, ver)
		return err
	})
}

func main() {
	if len(os.Args) < 2 {
		fmt.Println("usage: pgmig status|plan|up|new|check [flags]")
		os.Exit(2)
	}
	cmd := os.Args[1]
	fs := flag.NewFlagSet(cmd, flag.ExitOnError)
	dir := fs.String("dir", "migrations", "migrations folder")
	dsnFlag := fs.String("dsn", "", "postgres URL (default $DATABASE_URL)")
	_ = fs.Parse(os.Args[2:])

	if cmd == "new" {
		name := strings.Join(fs.Args(), "_")
		stamp := time.Now().UTC().Format("20060102150405")
		for _, suf := range []string{"up", "down"} {
			p := filepath.Join(*dir, fmt.Sprintf("%s_%s.%s.sql", stamp, name, suf))
			_ = os.WriteFile(p, []byte("-- "+name+"\n"), 0o644)
			fmt.Println("created", p)
		}
		return
	}

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	u, err := dsn.Resolve(*dsnFlag)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Println("target:", dsn.Redacted(u))
	pr, err := preflight.Run(ctx, u)
	if err != nil {
		fmt.Fprintln(os.Stderr, "preflight failed:", err)
		os.Exit(1)
	}
	fmt.Printf("preflight ok: %v rtt=%s tls=%v %s\n", pr.Addrs, pr.RTT, pr.TLS, pr.Warning)
	if cmd == "check" {
		return
	}

	conn, err := pgx.Connect(ctx, u.String())
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, lockID); err != nil {
		fmt.Fprintln(os.Stderr, "lock:", err)
		os.Exit(1)
	}
	defer conn.Exec(ctx, `SELECT pg_advisory_unlock($1)`, lockID)

	todo, err := pending(ctx, conn, *dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for _, f := range todo {
		switch cmd {
		case "status":
			fmt.Println("pending", filepath.Base(f))
		case "plan":
			b, _ := os.ReadFile(f)
			fmt.Printf("-- %s\n%s\n", filepath.Base(f), b)
		case "up":
			if err := apply(ctx, conn, f); err != nil {
				fmt.Fprintf(os.Stderr, "%s: %v\n", filepath.Base(f), err)
				os.Exit(1)
			}
			fmt.Println("applied", filepath.Base(f))
		}
	}
	if len(todo) == 0 {
		fmt.Println("up to date")
	}
}
