# Two entry points, both create and reuse .venv:  make demo  |  make test   (make lint: what CI checks first; make check: lint + the fast tests, about a minute)
VENV ?= .venv
BIN := $(VENV)/bin
DEMO_STORE ?= .demo-store
export HF_HUB_OFFLINE := 1
export TOKENIZERS_PARALLELISM := false

.PHONY: demo test check fast-tests lint venv clean

$(BIN)/.installed: pyproject.toml
	test -x $(BIN)/python || python3 -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	# torch first, pinned: on these machines 2.13.0 is a CPU build on local disk; a looser
	# spec pulled in by sentence-transformers would download several GB of CUDA wheels
	$(BIN)/pip install -q torch==2.13.0
	$(BIN)/pip install -q -e '.[dev,team]'  # team: psycopg, for the PostgreSQL ledger's tests
	touch $@

venv: $(BIN)/.installed

demo: $(BIN)/.installed
	@echo "== import the example skill library (16 skills written for this project)"
	$(BIN)/skillrouter import skillrouter/examples/skills --store $(DEMO_STORE)
	@echo "== route a few tasks (the last two fit no skill: the router abstains)"
	$(BIN)/skillrouter route "the GitHub Actions build went red after I bumped numpy" --store $(DEMO_STORE)
	$(BIN)/skillrouter route "write a zero-downtime migration that adds a NOT NULL column to the orders table" --store $(DEMO_STORE)
	$(BIN)/skillrouter route "our node api's memory keeps climbing until it gets OOM-killed" --store $(DEMO_STORE)
	$(BIN)/skillrouter route "plan five days in Lisbon with kids on a modest budget" --store $(DEMO_STORE)
	$(BIN)/skillrouter route "write a haiku about autumn leaves" --store $(DEMO_STORE)
	$(BIN)/skillrouter route "what is the capital of Peru" --store $(DEMO_STORE)
	@echo "== learn from an outcome, then show the skill's record"
	$(BIN)/skillrouter record debug-failing-ci 9 --task "CI fails only on the Windows runner" --store $(DEMO_STORE)
	$(BIN)/skillrouter show debug-failing-ci --level 0 --store $(DEMO_STORE)
	@echo "== routing precision on the built-in benchmark"
	$(BIN)/skillrouter eval routing --train-frac 0.5 --seed 0

test: $(BIN)/.installed
	$(BIN)/pytest -q -p no:cacheprovider

# the fast lane: the lint and, beside it (one core each), the tests not marked slow (tests/conftest.py marks the slow ones:
# tests/integration, and every test of the real models, Chroma's server or PostgreSQL); make test
# runs them all
check: $(BIN)/.installed
	$(MAKE) --no-print-directory -j2 -O lint fast-tests

fast-tests: $(BIN)/.installed
	$(BIN)/pytest -m "not slow" -q -p no:cacheprovider

# mypy reads the package as installed: skillrouter/ with embeddings/ and eval/ inside it (a tree
# of links in .lint/, which mypy, unlike Python, cannot be told to assemble from package-dir)
TYPES := .lint/mypy-tree
lint: $(BIN)/.installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	rm -rf $(TYPES) && mkdir -p $(TYPES)/skillrouter
	for f in skillrouter/*; do ln -s "$(CURDIR)/$$f" $(TYPES)/skillrouter/; done
	ln -s "$(CURDIR)/embeddings" $(TYPES)/skillrouter/embeddings
	ln -s "$(CURDIR)/eval" $(TYPES)/skillrouter/eval
	cd $(TYPES) && $(CURDIR)/$(BIN)/mypy --config-file $(CURDIR)/pyproject.toml --cache-dir $(CURDIR)/.mypy_cache -p skillrouter

clean:
	rm -rf $(DEMO_STORE)
