module loga.example/loga

go 1.22
