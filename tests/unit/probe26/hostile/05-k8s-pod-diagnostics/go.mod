module github.com/kdiag/kdiag

go 1.21
