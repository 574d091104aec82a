#!/usr/bin/env bash
# Runs the Python SDK's tests: creates sdk/python/.venv (git-ignored),
# installs the package with its dev extras (again only when pyproject.toml or
# the interpreter changed), and runs pytest. Extra arguments go to pytest.
#
# Integration tests (tests/test_integration.py) run against a live server when
# PERSISTMEMORY_BASE_URL and PERSISTMEMORY_API_KEY are set. Without them they
# skip locally and FAIL when CI=true.
#
#   PYTHON=python3.12 bash sdk/python/scripts/test.sh -q
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON="${PYTHON:-python3}"
"$PYTHON" - <<'PY'
import sys
if sys.version_info < (3, 9):
    sys.exit("the Python SDK needs Python 3.9 or newer, found " + sys.version.split()[0])
PY

if ! .venv/bin/python -c 'import sys' >/dev/null 2>&1; then
  rm -rf .venv
  "$PYTHON" -m venv .venv
fi

stamp=.venv/.persistmemory-installed
want="$( (cat pyproject.toml; .venv/bin/python -VV) | sha256sum | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ] || ! .venv/bin/python -c 'import persistmemory, pytest' >/dev/null 2>&1; then
  echo "== pip install -e '.[dev]'"
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
  echo "$want" > "$stamp"
fi

echo "== pytest (sdk/python)"
set +e
.venv/bin/python -m pytest "$@"
status=$?
set -e
if [ "$status" -eq 5 ]; then
  echo "pytest collected no tests; that is a failure, not a pass" >&2
  exit 1
fi
exit "$status"
