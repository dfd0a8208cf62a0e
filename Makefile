# Two commands on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEVSTAMP := $(VENV)/.installed-dev

.PHONY: run test lint typecheck pytest bench clean learn

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# What `make run` needs: the core with the server, the terminal and the charts (`all`); the
# research API alone is `pip install -e '.[rl]'`, without any of them.
$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e ".[all]"
	touch $@

$(DEVSTAMP): $(STAMP)
	@# PyTorch's CPU build where the machine holds it (a plain `torch` would fetch a CUDA build
	@# of several GB); the training example's smoke test needs it.
	$(BIN)/python -m pip install --quiet "torch==2.13.0+cpu" || $(BIN)/python -m pip install --quiet "torch>=2.3"
	$(BIN)/python -m pip install --quiet -e ".[dev,train]"
	@# The browser client's JSDoc types are checked by TypeScript (tests/test_web_types.py);
	@# it needs Node.js for the checker only, never to run or ship the client.
	if command -v npm >/dev/null 2>&1; then \
		npm install --silent --no-save --no-audit --no-fund --prefix $(VENV)/node "typescript@^5.9"; fi
	touch $@

## run: install, start the table server and open it in the browser (the terminal table: `cardtable play`)
run: $(STAMP)
	$(BIN)/cardtable serve --open

## test: lint (ruff, and import-linter's layer contracts), type-check and run the test suite
test: $(DEVSTAMP) lint typecheck pytest

lint: $(DEVSTAMP)
	$(BIN)/ruff check src tests bench examples
	$(BIN)/ruff format --check src tests bench examples
	$(BIN)/lint-imports

typecheck: $(DEVSTAMP)
	$(BIN)/mypy

# One worker a core (at most four): each test module runs whole in one worker, with its own
# PostgreSQL, Redis and Chromium (free ports, temporary folders). `pytest` alone runs serially.
pytest: $(DEVSTAMP)
	$(BIN)/pytest -n auto --maxprocesses 4 --dist loadfile

## bench: speed figures of every game, with OpenSpiel's games for comparison (not part of `make test`)
bench: $(DEVSTAMP)
	$(BIN)/python -m pip install --quiet "open-spiel>=1.5" || echo "open-spiel could not be installed; its figures are skipped"
	$(BIN)/python bench/bench.py
	for script in bench/bench_*.py; do $(BIN)/python $$script || exit 1; done

## learn: train a masked policy on Cribbage to 61 for five minutes and measure it (not in `make test`)
learn: $(DEVSTAMP)
	$(BIN)/python examples/train_cribbage.py --seconds 300

## strength: the measured difficulty ladder of every game into docs/strength.md (long; not in `make test`)
.PHONY: strength
strength: $(DEVSTAMP)
	$(BIN)/python bench/strength.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache

## messages: extract the marked messages into the .pot and merge it into the Japanese .po
.PHONY: messages
LOCALE := src/cardtable/locale
messages: $(STAMP)
	$(BIN)/pybabel extract -F babel.cfg --no-default-keywords -k _ -k N_ -k ngettext:1,2 \
		-k NP_:1c,2 -k pgettext:1c,2 \
		--no-location --sort-output --omit-header -o $(LOCALE)/cardtable.pot src/cardtable
	$(BIN)/pybabel update -i $(LOCALE)/cardtable.pot -d $(LOCALE) -D cardtable -l ja \
		--ignore-obsolete
	@# The template's date changes on every run; leaving it out keeps the diffs to real changes.
	sed -i.bak '/^"POT-Creation-Date: /d' $(LOCALE)/ja/LC_MESSAGES/cardtable.po
	rm -f $(LOCALE)/ja/LC_MESSAGES/cardtable.po.bak
