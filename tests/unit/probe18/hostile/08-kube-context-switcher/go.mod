module github.com/kcs-tools/kcs

go 1.22

require sigs.k8s.io/yaml v1.4.0
