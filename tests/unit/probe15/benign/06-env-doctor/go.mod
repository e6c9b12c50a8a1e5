module github.com/envdoctor/env-doctor

go 1.22
