module example.com/kdiag

go 1.22
