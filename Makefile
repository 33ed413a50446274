# One command to set up and run the main job, one to set up and run every test.
#   make demo   solve and analyse the classic 5x5 Lights Out puzzle
#   make test   lint, type-check, build the docs, run the whole suite (doctests, notebooks)
#   make docs   build the documentation site into docs/_build/html
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# The demo needs the package with the extras its README examples use (no apt, no sudo); the
# tests need the development set and Debian's chromium and nauty (scripts/system-deps.sh).
DEMO_STAMP := $(VENV)/.installed-demo
STAMP := $(VENV)/.installed

.PHONY: demo test setup system docs bench bench-quick clean

$(DEMO_STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e ".[cpsat,sweep]"
	touch $(DEMO_STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e ".[dev]"
	touch $(STAMP) $(DEMO_STAMP)

system:
	./scripts/system-deps.sh

setup: system $(STAMP)

demo: $(DEMO_STAMP)
	$(BIN)/lightsout solve lights-out --start pattern --min
	$(BIN)/lightsout analyze lights-out
	@echo
	@echo "To run lightsout and import lightsout_graphs from this shell: source $(VENV)/bin/activate"

test: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(MAKE) docs
	$(BIN)/pytest -n 2 --durations=15

# Warnings are errors; -E rebuilds from scratch so that generated pages never go stale.
docs: $(STAMP)
	$(BIN)/sphinx-build -j auto -b html -E -W --keep-going -q docs docs/_build/html

bench: setup
	./scripts/system-deps.sh libm4ri-dev
	$(BIN)/python benchmarks/run.py

bench-quick: setup
	./scripts/system-deps.sh libm4ri-dev
	$(BIN)/python benchmarks/run.py --quick

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache docs/_build docs/generated docs/*/generated
