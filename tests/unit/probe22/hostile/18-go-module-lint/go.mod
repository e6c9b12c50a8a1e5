module github.com/gomod-tools/modlint

go 1.21
