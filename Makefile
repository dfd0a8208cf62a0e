# Two commands on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEVSTAMP := $(VENV)/.installed-dev

.PHONY: run test lint typecheck pytest bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(DEVSTAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	touch $@

## run: install and show a complete Cribbage game between two bots
run: $(STAMP)
	$(BIN)/cardtable demo cribbage

## test: lint, type-check and run the test suite
test: $(DEVSTAMP) lint typecheck pytest

lint: $(DEVSTAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(DEVSTAMP)
	$(BIN)/mypy

pytest: $(DEVSTAMP)
	$(BIN)/pytest

## bench: speed figures, with OpenSpiel's cribbage for comparison (not part of `make test`)
bench: $(DEVSTAMP)
	$(BIN)/python -m pip install --quiet "open-spiel>=1.5" || echo "open-spiel could not be installed; its figures are skipped"
	$(BIN)/python bench/bench.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
