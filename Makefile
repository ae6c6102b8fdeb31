# `make demo` and `make test` work on a fresh clone: each creates .venv when missing.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-from-pyproject

.PHONY: demo test bench docs clean

demo: $(STAMP)
	$(BIN)/pearls solve rushhour --example g1

test: $(STAMP)
	$(BIN)/ruff check pearls tests bench
	$(BIN)/ruff format --check pearls tests bench
	$(BIN)/mypy --strict pearls tests bench
	$(BIN)/pytest
	$(BIN)/mkdocs build --strict --quiet

bench: $(STAMP)
	$(BIN)/python -m bench

docs: $(STAMP)
	$(BIN)/mkdocs serve

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --editable '.[dev]'
	touch $@

clean:
	rm -rf $(VENV) build *.egg-info .mypy_cache .pytest_cache .ruff_cache .hypothesis
