# Two entry points for a newcomer (see README.md):
#   make demo   set up .venv and run the main job (solve tic-tac-toe, then a short game)
#   make test   set up .venv and run the whole test suite, mypy --strict and ruff
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: demo test setup check pytest bench mutate clean figures docs notebooks lab

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@

setup: $(VENV)/.installed

demo: setup
	$(PY) -m reference solve mnk --m 3 --n 3 --k 3
	$(PY) -m reference play mnk --m 3 --n 3 --k 3 --first computer --second computer --time 0.2 --quiet

check: setup
	$(PY) -m mypy --strict reference tests examples tools
	$(PY) -m ruff check .
	$(VENV)/bin/lint-imports

# pytest exits 5 when it collects no test: that is a failure here too.
pytest: setup
	@$(PY) -m pytest -n 2 --dist loadgroup -q; rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "pytest collected no tests: the suite is broken" >&2; exit 1; fi; \
	exit $$rc

test: check pytest

# execute every notebook (notebooks/*.py, one per paper; `make test` runs them too);
# the executed copies go to build/notebooks/ (not committed)
notebooks: setup
	NOTEBOOK_OUTPUT=build/notebooks $(PY) -m pytest -q -p no:cacheprovider tests/test_notebooks.py

# open the notebooks in JupyterLab (the lab extra, part of dev): each notebooks/*.py is
# written as build/lab/*.ipynb (an existing one, with your edits, is kept) and JupyterLab
# starts there; it prints the address to open (add --no-browser on a machine without one)
LAB_ARGS ?=
lab: setup
	$(PY) tools/lab.py prepare build/lab
	$(PY) -m jupyter lab --notebook-dir=build/lab $(LAB_ARGS)

# every game, and OpenSpiel beside ours when the peers extra is installed
# (.venv/bin/pip install -e '.[peers]'); writes bench.json and prints the table
bench: setup
	$(PY) -m reference bench
	$(PY) -m reference bench --speedup --workers 2

# Mutation testing of the algorithm files (docs/mutation.md): not part of `make test` or CI,
# 28 minutes for every file with JOBS=2 on 2 idle cores (more with JOBS=1).
# FILES="reference/search/pvs.py ..." picks files,
# JOBS=2 runs two mutants at once; the report goes to build/mutation/report.md.
JOBS ?= 1
mutate: setup
	nice -n 10 $(PY) tools/mutate.py --jobs $(JOBS) $(FILES)

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache

# The pictures of the paper pages: docs/figures/*.svg, deterministic, committed
# (tests/test_docs_figures.py fails when one is stale)
figures: setup
	$(PY) tools/figures.py

# The documentation site: README.md, docs/, docs/figures and the API reference from the
# docstrings, into build/site (offline; strict: a broken link or a page missing from the
# navigation is an error).  tests/test_docs_site.py runs the same build in `make test`.
docs: setup
	NO_MKDOCS_2_WARNING=1 $(PY) -m mkdocs build --strict
