# Two entry points (see README): `make build` and `make test`. Both set up what is missing first.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
NODE_STAMP := node_modules/.installed-stamp

# requirements.lock pins every Python package with its hashes (pip-compile; `make lock` refreshes it).
LOCK_FLAGS := --quiet --extra test --all-build-deps --generate-hashes --allow-unsafe --strip-extras \
              --no-emit-index-url --no-emit-find-links --no-emit-trusted-host

.PHONY: setup build test bench check site serve clean lock dist

setup: $(STAMP) $(NODE_STAMP)

$(STAMP): pyproject.toml requirements.lock
	$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "tischlein needs Python 3.11 or newer")'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --require-hashes -r requirements.lock
	$(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e .
	$(BIN)/python -m pip check || { echo "requirements.lock lacks what pyproject.toml asks for: run make lock"; exit 1; }
	$(BIN)/tischlein editor-config
	touch $@

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

build: setup
	$(BIN)/tischlein build

# Three workers on two cores: the tests wait on browsers, Pyodide and subprocesses much of the time (a two-worker
# run used 17 CPU minutes in 15); tests/conftest.py keeps each file, and all tests that read the session's site
# build, in one worker.
test: setup
	$(BIN)/python -m pytest -n 3 --dist loadgroup

bench: setup
	$(BIN)/python benchmarks/run.py

check: setup
	$(BIN)/tischlein check

serve: setup
	$(BIN)/tischlein site --serve

# Not after $(STAMP): that install fails until the lock holds a dependency just added to pyproject.toml.
lock:
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet pip-tools
	$(BIN)/pip-compile $(LOCK_FLAGS) -o requirements.lock pyproject.toml

dist: $(STAMP)
	$(BIN)/python -m pip wheel --quiet --no-deps --no-build-isolation -w dist .
	@ls dist/*.whl

clean:
	rm -rf output .pytest_cache
