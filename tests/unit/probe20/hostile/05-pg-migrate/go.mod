module example.invalid/pgmig

go 1.22

require github.com/jackc/pgx/v5 v5.7.1
