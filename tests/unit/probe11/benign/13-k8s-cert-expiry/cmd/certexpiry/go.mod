module example.invalid/certexpiry

go 1.22
