# `make demo` and `make test` work on a fresh clone, as any user: each creates .venv when
# missing. Nothing here needs root.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# Installs with uv's pip (`make` installs uv into the venv first) into the environment
# of the Python named by --python.
UV     := $(BIN)/uv pip install --quiet
# Python writes its compiled modules (__pycache__), whatever the environment says: every
# process the checks start (pytest's workers, Dask's, the command line's) would otherwise
# compile pearls, its tests and their libraries again (pytest's workers, collecting, take
# 20 s of CPU with the caches and 38 s without).
unexport PYTHONDONTWRITEBYTECODE
# The stamp's name records the install mode, so a .venv installed another way reinstalls once.
STAMP  := $(VENV)/.installed-editable-compat
# The docs' own Python: the reference generator, its griffe extension, the browser checks,
# the examples' runner and the chapter's live figures (their steps, and the hook that quotes them).
DOCSPY := docs/gen_ref_pages.py docs/rst_docstrings.py docs/check_site.py docs/hooks/boards.py \
	docs/check_playground.py docs/runnable.py docs/pycon.py docs/figures.py docs/hooks/equations.py \
	docs/hooks/notebook.py
# mkdocs with the plugins' banners about MkDocs 2 silenced: they are notices, not problems.
MKDOCS := NO_MKDOCS_2_WARNING=1 DISABLE_MKDOCS_2_WARNING=true $(BIN)/mkdocs
# pytest's worker processes (pytest-xdist): one a core. Beside the site and the checkers,
# which fill the cores while a test waits (on a time limit, a cluster, a killed worker),
# 2 workers made `make test` 255 s where 4 made it 287 s on two cores; the tests alone
# finish sooner with two a core (160 s against 196 s: `make test-python WORKERS=4`).
# WORKERS=0 runs them in one process.
WORKERS ?= $(shell nproc 2>/dev/null || echo 1)
# The browser check opens the built site in Chromium: $(CHROMIUM) when given, else
# `chromium` on the PATH or Debian's /usr/bin/chromium. Where there is none it is skipped,
# in one line, unless BROWSER=required (as .ci/run sets it), which fails instead.
CHROMIUM ?=
BROWSER  ?= optional

.PHONY: demo test site wheel fuzz bench patterns docs clean

demo: $(STAMP)
	$(BIN)/pearls solve rushhour --example g1

# Three parts run side by side: the tests (one worker a core), from the start; the static
# checks (single-threaded, each on one core) and the site in a browser, once the
# distributions they read are built (once: every build writes in the tree). FRESH names
# what those two wait for.
FRESH ?=
test: $(STAMP)
	@$(MAKE) --no-print-directory -j3 --output-sync=target test-python test-static test-site \
		FRESH=dists

# The three parts of `make test`.
.PHONY: test-static test-python test-site
test-static: $(STAMP) $(FRESH)
	$(BIN)/ruff check pearls tests bench examples typings $(DOCSPY)
	$(BIN)/ruff format --check pearls tests bench examples typings $(DOCSPY)
	$(BIN)/mypy --strict pearls tests bench examples/jugs/pearls_jugs $(DOCSPY)
	$(BIN)/basedpyright
	@$(MAKE) --no-print-directory typecheck-wheel release-check

test-python: $(STAMP)
	$(BIN)/pytest -n $(WORKERS) --dist worksteal --durations=15

test-site: $(STAMP) $(FRESH)
	@$(MAKE) --no-print-directory site
	$(BIN)/python docs/check_site.py site --browser $(BROWSER) --quick \
		$(if $(CHROMIUM),--chromium '$(CHROMIUM)')
	$(BIN)/python docs/check_playground.py site --browser $(BROWSER) --runnable $(RUNNABLE) \
		--quick $(if $(CHROMIUM),--chromium '$(CHROMIUM)')

# What the browser checks leave out under `make test` (docs/testing.md): the API
# reference's pages opened in Chromium (`make test` reads their links from the HTML),
# every docs page's first examples in the browser, p1 and p2 played by hints, the 8
# puzzle watched, and the 8 puzzle and Korf's first instance solved in the browser.
# CI runs it after `make test`, on the site that built (some three minutes).
.PHONY: test-site-rest
test-site-rest: $(STAMP)
	@test -f site/runnable.json || $(MAKE) --no-print-directory site
	$(BIN)/python docs/check_site.py site --browser $(BROWSER) $(if $(CHROMIUM),--chromium '$(CHROMIUM)')
	$(BIN)/python docs/check_playground.py site --browser $(BROWSER) --runnable $(RUNNABLE) \
		--only eight,korf,watch,examples,play $(if $(CHROMIUM),--chromium '$(CHROMIUM)')

# The docs site in site/, built as `make test` builds it (strict: a warning fails it),
# with its examples and playground runnable in the reader's browser (`make runnable`).
site: $(STAMP)
	$(MKDOCS) build --strict --quiet --site-dir site
	@$(MAKE) --no-print-directory runnable SITE_DIR=site

# A wheel in dist/, for `pip install dist/functional_pearls-*.whl` anywhere.
wheel: | $(BIN)/python
	rm -f dist/functional_pearls-*.whl
	$(BIN)/python -m pip wheel --quiet --disable-pip-version-check --no-deps --wheel-dir dist .
	@ls dist/functional_pearls-*.whl

# The release as PyPI gets it: `python -m build` makes the sdist and, from it, the wheel;
# twine's strict check passes both; the wheel built from the sdist is byte for byte the one
# built from the tree (both dated by the last commit); the sdist carries CHANGELOG.md; and
# a fresh venv that installs the sdist alone, with pip as a user would, passes
# tests/smoke_release.py. The builds' own environments are made by uv. Some 25 s, mostly
# installing. The release's wheel is also the one the site and typecheck-wheel use.
RELEASE := build/release
VERSION := $(shell sed -n 's/^version = "\(.*\)"/\1/p' pyproject.toml)
EPOCH   := $(shell git log -1 --format=%ct 2>/dev/null || echo 315532800)
RELEASE_WHEEL := $(RELEASE)/functional_pearls-$(VERSION)-py3-none-any.whl

# The distributions, built afresh: the sdist, the wheel from it, and the wheel from the tree.
.PHONY: dists release-check
dists: $(STAMP)
	rm -rf $(RELEASE) && mkdir -p $(RELEASE)/tree
	SOURCE_DATE_EPOCH=$(EPOCH) $(BIN)/python -m build --installer uv --outdir $(RELEASE) . >/dev/null
	SOURCE_DATE_EPOCH=$(EPOCH) $(BIN)/python -m build --installer uv --wheel --outdir $(RELEASE)/tree . \
		>/dev/null

SOURCES := pyproject.toml MANIFEST.in README.md CHANGELOG.md LICENSE \
	$(shell find pearls -type f -not -path '*/__pycache__/*' 2>/dev/null)
$(RELEASE_WHEEL): $(SOURCES)
	@$(MAKE) --no-print-directory dists

release-check: $(STAMP) $(RELEASE_WHEEL)
	rm -rf $(RELEASE)/venv
	$(BIN)/twine check --strict $(RELEASE)/*.tar.gz $(RELEASE)/*.whl
	tar -tzf $(RELEASE)/functional_pearls-$(VERSION).tar.gz | grep -qx 'functional_pearls-$(VERSION)/CHANGELOG.md'
	cmp $(RELEASE)/functional_pearls-$(VERSION)-py3-none-any.whl \
		$(RELEASE)/tree/functional_pearls-$(VERSION)-py3-none-any.whl
	$(PYTHON) -m venv $(RELEASE)/venv
	$(RELEASE)/venv/bin/python -m pip install --quiet --disable-pip-version-check \
		$(RELEASE)/functional_pearls-$(VERSION).tar.gz
	$(RELEASE)/venv/bin/python tests/smoke_release.py $(VERSION)

# The installed wheel as its users' type checkers see it: pyright's --verifytypes
# (ignoring other packages' own gaps) over the release's wheel installed, with its
# dependencies and the dask extra, in a venv of its own under build/ (made once; the wheel
# reinstalled each time), read from outside the source tree so that the installed files
# are the ones checked. Every exported name's type must be known (tests/wheel_types.py reads the
# report). About 15 s.
TYPES_VENV := build/typecheck-wheel

.PHONY: typecheck-wheel
typecheck-wheel: $(STAMP) $(RELEASE_WHEEL)
	@test -x $(TYPES_VENV)/bin/python || $(PYTHON) -m venv --without-pip $(TYPES_VENV)
	$(UV) --python $(TYPES_VENV)/bin/python \
		--reinstall-package functional-pearls "$(RELEASE_WHEEL)[dask]"
	cd $(TYPES_VENV) && PATH="$$PWD/bin:$$PATH" VIRTUAL_ENV="$$PWD" $(CURDIR)/$(BIN)/basedpyright \
		--outputjson --verifytypes pearls --ignoreexternal > report.json || test -s report.json
	$(BIN)/python tests/wheel_types.py $(TYPES_VENV)/report.json

# At length, some minutes: the parsers' fuzz tests with 20,000 examples each (`make test`
# runs 30), every hostile value on every option, the laws over larger components and on
# the examples `make test` trades for smaller boards (docs/testing.md), and the tests
# marked slow.
fuzz: $(STAMP)
	HYPOTHESIS_PROFILE=fuzz $(BIN)/pytest -n $(WORKERS) --dist worksteal -p no:cacheprovider \
		--timeout=1200 -m "slow or not slow" tests/puzzles/test_*_fuzz.py tests/test_hostile.py \
		tests/test_laws.py tests/test_laws_analysis.py $$(grep -rl "mark.slow" tests)

# The suite, about 10 minutes (`make bench BENCH=--quick`: about one); it writes
# bench/results/. aima3 comes without its notebook dependencies, which its search never uses.
bench: $(VENV)/.installed-bench
	$(BIN)/python -m bench $(BENCH)

$(VENV)/.installed-bench: $(STAMP)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check \
		--config-settings editable_mode=compat --editable '.[dev,bench]'
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --no-deps 'aima3>=1.0.11'
	touch $@

# The 15 puzzle's pattern databases shipped as package data (pearls/puzzles/sliding/tables/,
# 2.7 MB): built from nothing, checked against the SHA-256 the code pins, packed and written
# (a few minutes).  Without a change to the build, the files come out byte for byte the same.
patterns: $(STAMP)
	$(BIN)/python -m bench.patterns --write

docs: $(STAMP)
	$(MKDOCS) serve

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# pip installs uv, and uv the rest: some 10 s where pip alone took 68 s of a fresh clone's
# make test. editable_mode=compat installs a plain .pth line, which mypy follows into users'
# scripts; the default mode's import hook hides the package's types from mypy.
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check uv
	$(UV) --python $(BIN)/python --config-setting editable_mode=compat --editable '.[dev]'
	touch $@

clean:
	rm -rf $(VENV) build dist site mutants *.egg-info .mypy_cache .pytest_cache .ruff_cache .hypothesis

# The runnable site (docs/playground.md): every example and the playground run in the
# reader's browser on Pyodide, from files beside the site, with no network and no CDN.
# `make runnable SITE_DIR=site` adds them to a built site: Pyodide's core (`make pyodide`,
# the npm registry's pinned package) and the pure wheels of pearls, toolz and pyrsistent
# (`make wheels`), with runnable.json (what to load) and the playground's catalogue.
# Without npm the site stays as built, its examples not runnable, said in one line;
# RUNNABLE=required (the default where CI=true) makes that an error.
.PHONY: pyodide wheels runnable check-runnable
PYODIDE_VERSION := 314.0.8
PYODIDE_SHA512  := ef85aad645ce0be08213301fc6e4403bbd359c070230b8dff0daf0bd6a6ef12e35755317c1798b434e5d601f85e1ee3a01d9c6a34a2aed81d2554a47b286ab2d
PYODIDE_FILES   := pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip pyodide-lock.json
PYODIDE_DIR     := build/pyodide/$(PYODIDE_VERSION)
WHEELS_DIR      := build/wheels
# The dependencies' pure wheels from PyPI, each pinned by its hash.
TOOLZ_WHEEL      := toolz-1.2.0-py3-none-any.whl
TOOLZ_SHA256     := 890f820b1cb8152785aaf9386d8707770110809035800985ca65cb24ce1120ef
PYRSISTENT_WHEEL := pyrsistent-0.20.0-py3-none-any.whl
PYRSISTENT_SHA256 := c55acc4733aad6560a7f5f818466631f07efc001fd023f34a6c203f8b6df0f0b
SITE_DIR ?= site
RUNNABLE ?= $(if $(filter true,$(CI)),required,optional)
NPM      ?= npm

pyodide: $(PYODIDE_DIR)/.complete

$(PYODIDE_DIR)/.complete:
	rm -rf $(PYODIDE_DIR) && mkdir -p $(PYODIDE_DIR)
	cd $(PYODIDE_DIR) && $(NPM) pack --silent --prefer-offline pyodide@$(PYODIDE_VERSION) >/dev/null
	cd $(PYODIDE_DIR) && echo "$(PYODIDE_SHA512)  pyodide-$(PYODIDE_VERSION).tgz" | sha512sum --quiet -c -
	tar -xzf $(PYODIDE_DIR)/pyodide-$(PYODIDE_VERSION).tgz -C $(PYODIDE_DIR) --strip-components=1 \
		$(addprefix package/,$(PYODIDE_FILES))
	rm $(PYODIDE_DIR)/pyodide-$(PYODIDE_VERSION).tgz
	touch $@

wheels: $(STAMP) $(RELEASE_WHEEL)
	rm -rf $(WHEELS_DIR) && mkdir -p $(WHEELS_DIR)
	cp $(RELEASE_WHEEL) $(WHEELS_DIR)/
	$(BIN)/python -m pip download --quiet --disable-pip-version-check --no-deps \
		--only-binary=:all: --implementation py --abi none --platform any \
		--dest $(WHEELS_DIR) toolz==1.2.0 pyrsistent==0.20.0
	cd $(WHEELS_DIR) && printf '%s  %s\n' $(TOOLZ_SHA256) $(TOOLZ_WHEEL) \
		$(PYRSISTENT_SHA256) $(PYRSISTENT_WHEEL) | sha256sum --quiet -c -

runnable: $(STAMP)
	@test -f $(SITE_DIR)/index.html || { echo "runnable: no site in $(SITE_DIR): build it first"; exit 1; }
	@if command -v $(NPM) >/dev/null 2>&1; then \
		$(MAKE) --no-print-directory pyodide wheels && \
		$(BIN)/python docs/runnable.py $(SITE_DIR) --pyodide $(PYODIDE_DIR) --wheels $(WHEELS_DIR); \
	elif [ "$(RUNNABLE)" = required ]; then \
		echo "runnable: npm not found, and RUNNABLE=required: install Node.js's npm"; exit 1; \
	else \
		$(BIN)/python docs/runnable.py $(SITE_DIR) --without "npm was not found when it was built"; \
	fi

# The runnable site in headless Chromium (docs/check_playground.py); screenshots and the
# figures of docs/performance.md in build/playground/.
check-runnable: $(STAMP)
	$(BIN)/python docs/check_playground.py $(SITE_DIR) --browser $(or $(BROWSER),optional) \
		--runnable $(RUNNABLE) $(if $(CHROMIUM),--chromium '$(CHROMIUM)')

# Mutation testing of the combinators and the puzzles' models (docs/testing.md): mutmut's
# mutants, then the listed ones of tests/listed_mutants.toml; writes
# bench/results/mutation-*.md; stopped, it goes on where it stopped (mutants/ keeps the
# verdicts).  MUTATE='--only combinators river' for some groups, '--retest' after new tests,
# '--listed-only' for the listed mutants alone.
.PHONY: mutate
mutate: $(VENV)/.installed-mutate
	$(BIN)/python -m bench.mutation $(MUTATE)

$(VENV)/.installed-mutate: $(STAMP)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check \
		--config-settings editable_mode=compat --editable '.[dev,mutate]'
	touch $@
