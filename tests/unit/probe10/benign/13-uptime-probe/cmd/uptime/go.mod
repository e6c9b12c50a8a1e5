module uptime.example/probe

go 1.22
