module github.com/kctx-tools/kctx

go 1.22

require (
	k8s.io/api v0.30.3
	k8s.io/apimachinery v0.30.3
	k8s.io/client-go v0.30.3
)
