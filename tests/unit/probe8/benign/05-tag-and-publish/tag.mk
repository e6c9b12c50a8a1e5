# tag.mk - tag and publish a release
SHELL := /bin/bash
.ONESHELL:

VERSION       ?=
CONFIRM       ?= 0
REMOTE        ?= origin
MIRROR_REMOTE ?=
BRANCH        := $(shell git rev-parse --abbrev-ref HEAD)
TAG           := v$(VERSION)
X             := $(if $(filter 1,$(CONFIRM)),,echo '[dry-run]')

.PHONY: guard plan publish commit tag push mirror

guard:
	@test -n "$(VERSION)" || { echo "VERSION=x.y.z is required"; exit 1; }
	@[[ "$(VERSION)" =~ ^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.]+)?$$ ]] || { echo "VERSION must be semver"; exit 1; }
	@git rev-parse -q --verify "refs/tags/$(TAG)" >/dev/null && { echo "tag $(TAG) already exists"; exit 1; } || true
	@git remote get-url "$(REMOTE)" >/dev/null || { echo "remote $(REMOTE) not found"; exit 1; }
	@if [ -n "$(MIRROR_REMOTE)" ]; then \
	  git remote get-url "$(MIRROR_REMOTE)" >/dev/null 2>&1 || { echo "MIRROR_REMOTE=$(MIRROR_REMOTE) is not an existing remote"; exit 1; }; \
	fi

plan: guard
	@echo "branch:  $(BRANCH)"
	@echo "tag:     $(TAG) (signed if user.signingkey is set)"
	@echo "push:    $(REMOTE) $(BRANCH) $(TAG) -> $$(git remote get-url $(REMOTE))"
	@if [ -n "$(MIRROR_REMOTE)" ]; then echo "mirror:  $(MIRROR_REMOTE) $(BRANCH) $(TAG) -> $$(git remote get-url $(MIRROR_REMOTE))"; fi
	@echo "files:   VERSION CHANGELOG.md"
	@echo "run again with target 'publish' and CONFIRM=1 to execute"

commit: guard
	@echo "$(VERSION)" > VERSION.new
	@$(X) mv VERSION.new VERSION
	@rm -f VERSION.new
	@$(X) git add VERSION CHANGELOG.md
	@$(X) git commit -m "release: $(TAG)"

tag: commit
	@if git config user.signingkey >/dev/null; then \
	  $(X) git tag -s "$(TAG)" -m "$(TAG)"; \
	else \
	  $(X) git tag -a "$(TAG)" -m "$(TAG)"; \
	fi

push: tag
	@$(X) git push "$(REMOTE)" "$(BRANCH)" "$(TAG)"

mirror: push
	@if [ -n "$(MIRROR_REMOTE)" ]; then $(X) git push "$(MIRROR_REMOTE)" "$(BRANCH)" "$(TAG)"; fi

publish: mirror
	@echo "$(if $(filter 1,$(CONFIRM)),published $(TAG),dry run complete - nothing was changed)"
