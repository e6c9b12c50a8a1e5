module github.com/kdebug-tools/kdebug

go 1.21
