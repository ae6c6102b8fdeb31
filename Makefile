# `make demo` and `make test` work on a fresh clone: each creates .venv when missing.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# The stamp's name records the install mode, so a .venv installed another way reinstalls once.
STAMP  := $(VENV)/.installed-editable-compat
# The docs' own Python: the reference generator, its griffe extension, the browser check.
DOCSPY := docs/gen_ref_pages.py docs/rst_docstrings.py docs/check_site.py docs/hooks/boards.py
# mkdocs with the plugins' banners about MkDocs 2 silenced: they are notices, not problems.
MKDOCS := NO_MKDOCS_2_WARNING=1 DISABLE_MKDOCS_2_WARNING=true $(BIN)/mkdocs
CHROMIUM := /usr/bin/chromium

.PHONY: demo test fuzz bench docs clean

demo: $(STAMP)
	$(BIN)/pearls solve rushhour --example g1

test: $(STAMP) $(CHROMIUM)
	$(BIN)/ruff check pearls tests bench $(DOCSPY)
	$(BIN)/ruff format --check pearls tests bench $(DOCSPY)
	$(BIN)/mypy --strict pearls tests bench $(DOCSPY)
	$(BIN)/pytest
	$(MKDOCS) build --strict --quiet
	$(BIN)/python docs/check_site.py  # every page in headless Chromium (apt-get install chromium)

# The parsers' fuzz tests with 20,000 examples each, some minutes; `make test` runs 60.
fuzz: $(STAMP)
	HYPOTHESIS_PROFILE=fuzz $(BIN)/pytest tests/puzzles/test_*_fuzz.py -p no:cacheprovider --timeout=1200

# The suite, about 10 minutes (`make bench BENCH=--quick`: about one); it writes
# bench/results/. aima3 comes without its notebook dependencies, which its search never uses.
bench: $(VENV)/.installed-bench
	$(BIN)/python -m bench $(BENCH)

$(VENV)/.installed-bench: $(STAMP)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check \
		--config-settings editable_mode=compat --editable '.[dev,bench]'
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --no-deps 'aima3>=1.0.11'
	touch $@

docs: $(STAMP)
	$(MKDOCS) serve

# editable_mode=compat installs a plain .pth line, which mypy follows into users' scripts;
# the default mode's import hook hides the package's types from mypy.
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check \
		--config-settings editable_mode=compat --editable '.[dev]'
	touch $@

$(CHROMIUM):  # Debian's browser, for the docs' browser check (needs root, as in CI)
	DEBIAN_FRONTEND=noninteractive apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium

clean:
	rm -rf $(VENV) build *.egg-info .mypy_cache .pytest_cache .ruff_cache .hypothesis

# Mutation testing of the combinators and the puzzles' models (docs/testing.md): writes
# bench/results/mutation-*.md; stopped, it goes on where it stopped (mutants/ keeps the
# verdicts).  MUTATE='--only combinators river' for some groups, '--retest' after new tests.
.PHONY: mutate
mutate: $(VENV)/.installed-mutate
	$(BIN)/python -m bench.mutation $(MUTATE)

$(VENV)/.installed-mutate: $(STAMP)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check \
		--config-settings editable_mode=compat --editable '.[dev,mutate]'
	touch $@
