module example.com/modguard

go 1.21
