module example.com/ossdeploy

go 1.21
