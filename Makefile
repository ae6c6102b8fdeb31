# `make demo` and `make test` work on a fresh clone, as any user: each creates .venv when
# missing. Nothing here needs root.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# The stamp's name records the install mode, so a .venv installed another way reinstalls once.
STAMP  := $(VENV)/.installed-editable-compat
# The docs' own Python: the reference generator, its griffe extension, the browser check.
DOCSPY := docs/gen_ref_pages.py docs/rst_docstrings.py docs/check_site.py docs/hooks/boards.py
# mkdocs with the plugins' banners about MkDocs 2 silenced: they are notices, not problems.
MKDOCS := NO_MKDOCS_2_WARNING=1 DISABLE_MKDOCS_2_WARNING=true $(BIN)/mkdocs
# pytest's worker processes (pytest-xdist): `auto` is one a core; WORKERS=0 runs in one.
# One file's tests run in one worker, so that a module's fixtures and caches are built
# once (the laws' solutions, the 8 puzzle's space, a Dask cluster), not once a worker.
WORKERS ?= auto
# The browser check opens the built site in Chromium: $(CHROMIUM) when given, else
# `chromium` on the PATH or Debian's /usr/bin/chromium. Where there is none it is skipped,
# in one line, unless BROWSER=required (as .ci/run sets it), which fails instead.
CHROMIUM ?=
BROWSER  ?= optional

.PHONY: demo test site wheel fuzz bench docs clean

demo: $(STAMP)
	$(BIN)/pearls solve rushhour --example g1

test: $(STAMP)
	$(BIN)/ruff check pearls tests bench $(DOCSPY)
	$(BIN)/ruff format --check pearls tests bench $(DOCSPY)
	$(BIN)/mypy --strict pearls tests bench $(DOCSPY)
	$(BIN)/pytest -n $(WORKERS) --dist loadfile --durations=15
	@$(MAKE) --no-print-directory site
	$(BIN)/python docs/check_site.py site --browser $(BROWSER) $(if $(CHROMIUM),--chromium '$(CHROMIUM)')

# The docs site in site/, built as `make test` builds it (strict: a warning fails it).
site: $(STAMP)
	$(MKDOCS) build --strict --quiet --site-dir site

# A wheel in dist/, for `pip install dist/functional_pearls-*.whl` anywhere.
wheel: | $(BIN)/python
	rm -f dist/functional_pearls-*.whl
	$(BIN)/python -m pip wheel --quiet --disable-pip-version-check --no-deps --wheel-dir dist .
	@ls dist/functional_pearls-*.whl

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

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# editable_mode=compat installs a plain .pth line, which mypy follows into users' scripts;
# the default mode's import hook hides the package's types from mypy.
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check \
		--config-settings editable_mode=compat --editable '.[dev]'
	touch $@

clean:
	rm -rf $(VENV) build dist site *.egg-info .mypy_cache .pytest_cache .ruff_cache .hypothesis
