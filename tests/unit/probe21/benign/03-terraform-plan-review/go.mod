module github.com/planreview/planreview

go 1.21
