# Two commands on a fresh machine with Python >= 3.11, pip and make:
#   make run    - create .venv, install, start the web app (open the address it prints)
#   make play   - the same game in the terminal, against the computer
#   make test   - create .venv, install with test extras, run every test (ruff and mypy included; the browser
#                 tests need Debian's chromium, installed here when it is missing)
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

CHROMIUM := /usr/bin/chromium

.PHONY: run play test lint bench clean chromium

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/grognard serve

play: $(STAMP)
	$(BIN)/grognard play nae 1815 --empire human --coalition ai:easy

chromium:
	@test -x $(CHROMIUM) || apt-get install -y chromium || { apt-get update && apt-get install -y chromium; }

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy

test: $(STAMP) lint chromium
	$(BIN)/python -m pytest

$(VENV)/.bench-installed: pyproject.toml | $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	touch $@

bench: $(STAMP) $(VENV)/.bench-installed
	PYTHONPATH=. GROGNARD_GAMES=tests.fixtures.duel $(BIN)/python bench/selfplay_bench.py tests.fixtures.duel standard 200
	$(BIN)/python bench/selfplay_bench.py nae 1815 100
	$(BIN)/python bench/agents_bench.py ai:normal 40
	$(BIN)/python bench/web_bench.py 200 3 10
	$(BIN)/python bench/forward_model.py
	PYTHONPATH=. $(BIN)/python bench/interphase_bench.py 30
	$(BIN)/python bench/online_bench.py 500 60 30
	tools/ci/with-postgres.sh $(BIN)/python bench/online_bench.py 500 60 30

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
