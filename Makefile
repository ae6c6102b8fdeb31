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

wheels: $(STAMP)
	rm -rf $(WHEELS_DIR) && mkdir -p $(WHEELS_DIR)
	$(BIN)/python -m pip wheel --quiet --disable-pip-version-check --no-deps --wheel-dir $(WHEELS_DIR) .
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
