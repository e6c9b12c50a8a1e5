module sshinv

go 1.21
