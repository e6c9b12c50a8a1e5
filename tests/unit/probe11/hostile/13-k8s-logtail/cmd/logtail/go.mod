module example.invalid/logtail

go 1.22
