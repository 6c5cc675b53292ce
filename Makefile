# Two commands on a fresh machine with Python >= 3.11, pip and make:
#   make run    - create .venv, install, start a game against the computer in the terminal
#   make test   - create .venv, install with test extras, run every test (ruff and mypy included)
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/grognard play nae 1815 --empire human --coalition random

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy

test: $(STAMP) lint
	$(BIN)/python -m pytest

$(VENV)/.bench-installed: pyproject.toml | $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	touch $@

bench: $(STAMP) $(VENV)/.bench-installed
	PYTHONPATH=. GROGNARD_GAMES=tests.fixtures.duel $(BIN)/python bench/selfplay_bench.py tests.fixtures.duel standard 200
	$(BIN)/python bench/selfplay_bench.py nae 1815 100
	$(BIN)/python bench/agents_bench.py ai:normal 40
	$(BIN)/python bench/forward_model.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
