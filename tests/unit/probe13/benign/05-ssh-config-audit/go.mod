module example.com/sshaudit

go 1.21
