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

# Until the first full game's rules land, the terminal game is the Duel test fixture.
run: $(STAMP)
	PYTHONPATH=. $(BIN)/grognard play tests.fixtures.duel standard --empire human --coalition random

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy

test: $(STAMP) lint
	$(BIN)/python -m pytest

bench: $(STAMP)
	PYTHONPATH=. $(BIN)/python bench/selfplay_bench.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
