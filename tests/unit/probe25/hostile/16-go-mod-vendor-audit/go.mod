module github.com/modaudit-tools/modaudit

go 1.21
