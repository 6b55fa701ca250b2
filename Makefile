# Grocer — the maintainer's commands. `make run` and `make test` are the README's two commands.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 3000
LIGHTHOUSE_ROUNDS ?= 3
JOURNEY_ROUNDS ?= 3
export GROCER_ALLOWED_ORIGINS ?= http://localhost:$(PORT),http://127.0.0.1:$(PORT)
export GROCER_PUBLIC_BASE_URL ?= http://localhost:$(PORT)
export REFLEX_USE_NPM := 1
export REFLEX_TELEMETRY_ENABLED := false
export PATH := $(CURDIR)/$(VENV)/bin:$(PATH)

WORKERS ?= 2
SCALED_DB_URL ?= postgresql://postgres@127.0.0.1:5432/grocer
SCALED_REDIS_URL ?= redis://127.0.0.1:6379/0

.PHONY: install install-test system-packages run run-scaled test lint bench db seed backup

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip

install: $(VENV)/bin/python
	$(PY) -m pip install -q -e .

install-test: $(VENV)/bin/python system-packages
	$(PY) -m pip install -q -e '.[test]'

# Debian's packages the tests use, installed when missing: Chromium for the browser tests
# (Playwright's own download cannot work here), PostgreSQL's client programs for the
# backup tests (pg_dump, pg_restore) and nginx for several workers (make run-scaled).
system-packages:
	@missing=""; \
	command -v chromium >/dev/null 2>&1 || missing="chromium chromium-driver fonts-dejavu-core"; \
	command -v pg_dump >/dev/null 2>&1 || missing="$$missing postgresql-client"; \
	{ command -v nginx || test -x /usr/sbin/nginx; } >/dev/null 2>&1 || missing="$$missing nginx"; \
	if [ -n "$$missing" ]; then \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -q && $$SUDO apt-get install -y -q $$missing; fi

db: install
	$(PY) -m grocer.cli db upgrade

seed: db
	$(PY) -m grocer.cli seed --demo

run: seed
	@echo "Grocer is starting (first build takes a few minutes): http://localhost:$(PORT)/"
	@# The demo mails its codes to the outbox folder on purpose (production without SMTP
	@# refuses to start otherwise); set GROCER_SMTP_HOST to send real e-mails.
	GROCER_OUTBOX_OK=1 $(VENV)/bin/reflex run --env prod --single-port --backend-port $(PORT)

# Several workers behind nginx, on PostgreSQL and Redis (README, "Several workers"), on this
# machine: `make run-scaled WORKERS=3`. The database is created when missing.
run-scaled: install system-packages
	REFLEX_DB_URL=$(SCALED_DB_URL) REFLEX_REDIS_URL=$(SCALED_REDIS_URL) GROCER_OUTBOX_OK=1 \
	  $(PY) -m grocer.scaled --workers $(WORKERS) --port $(PORT)

# A consistent copy of the database while the shop runs: `make backup [FILE=path]`.
backup: install
	$(PY) -m grocer.cli backup $(FILE)

lint: install-test
	$(VENV)/bin/ruff check .

# The tests without a browser in TEST_WORKERS processes (pytest-xdist; each its own databases),
# then the browser tests in one, against one build and one server (-rR names the reruns).
TEST_WORKERS ?= 2
test: install-test
	$(VENV)/bin/ruff check .
	$(PY) -m pytest -q -n $(TEST_WORKERS) --ignore=tests/e2e
	$(PY) -m pytest -q -rfER tests/e2e

bench: install-test
	$(PY) -m tests.bench.bench_api --articles 50000
	$(PY) -m tests.bench.bench_search --articles 50000 --large 500000
	$(PY) -m tests.bench.bench_ws --shoppers 50 200 600 --storm 200
	$(PY) -m tests.bench.bench_ws --workers 2 --shoppers 200 600 --storm 200
	$(PY) -m tests.bench.lighthouse --rounds $(LIGHTHOUSE_ROUNDS)
	$(PY) -m tests.bench.journey --rounds $(JOURNEY_ROUNDS) $(if $(JOURNEY_PHONE_INDEX),--phone-index $(JOURNEY_PHONE_INDEX))
