# Two entry points (see README): `make build` and `make test`. Both set up what is missing first.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
NODE_STAMP := node_modules/.installed-stamp

.PHONY: setup build test bench check site serve clean

setup: $(STAMP) $(NODE_STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "tischlein needs Python 3.11 or newer")'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	$(BIN)/tischlein editor-config
	touch $@

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

build: setup
	$(BIN)/tischlein build

test: setup
	$(BIN)/python -m pytest

bench: setup
	$(BIN)/python benchmarks/run.py

check: setup
	$(BIN)/tischlein check

serve: setup
	$(BIN)/tischlein site --serve

clean:
	rm -rf output .pytest_cache
