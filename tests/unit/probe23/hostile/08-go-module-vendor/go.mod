module example.com/skills/go-module-vendor

go 1.21

require golang.org/x/mod v0.18.0
