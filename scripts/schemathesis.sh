#!/usr/bin/env bash
# Property-based API testing of a live PersistMemory server against its own
# OpenAPI document (GET /openapi.json) with schemathesis: no 5xx, and every
# response conforms to the documented schema.
#
#   PERSISTMEMORY_BASE_URL=http://127.0.0.1:8080 PERSISTMEMORY_API_KEY=pm_live_... scripts/schemathesis.sh [extra schemathesis args]
#
# Environment:
#   PERSISTMEMORY_BASE_URL   server root (required), e.g. http://127.0.0.1:8080
#   PERSISTMEMORY_API_KEY    API key with memory:read, memory:capture, memory:write (required)
#   SCHEMATHESIS_MAX_EXAMPLES  examples per operation (default 20)
#   SCHEMATHESIS_SEED          hypothesis seed (default fixed, so runs repeat)
#   SCHEMATHESIS_VENV          venv location (default ~/.cache/persistmemory/schemathesis-venv)
#   SCHEMATHESIS_MAX_TIME      schemathesis' own time budget in seconds (default 240)
# The run is also bounded by a wall-clock timeout (SCHEMATHESIS_TIMEOUT, default 300 s).
# Extra arguments go to `schemathesis run`, e.g. --mode positive or
# --include-path /api/v1/search.
set -euo pipefail

SCHEMATHESIS_VERSION=4.32.5
: "${PERSISTMEMORY_BASE_URL:?set PERSISTMEMORY_BASE_URL to the server root, e.g. http://127.0.0.1:8080}"
: "${PERSISTMEMORY_API_KEY:?set PERSISTMEMORY_API_KEY to an API key (persistmemory apikey create --user ...)}"
base=${PERSISTMEMORY_BASE_URL%/}
venv=${SCHEMATHESIS_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/persistmemory/schemathesis-venv}

if [[ "$("$venv/bin/schemathesis" --version 2>/dev/null || true)" != *"$SCHEMATHESIS_VERSION"* ]]; then
	python3 -m venv "$venv"
	"$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi

# Fail fast, with a clear message, when the server is not there.
curl -fsS -o /dev/null "$base/openapi.json" || { echo "no OpenAPI document at $base/openapi.json" >&2; exit 2; }

# schemathesis keeps its example database in ./.schemathesis: keep it out of
# the working tree, next to the venv.
mkdir -p "$venv/../schemathesis-work"
cd "$venv/../schemathesis-work"
exec timeout "${SCHEMATHESIS_TIMEOUT:-300}" "$venv/bin/schemathesis" run "$base/openapi.json" \
	--url "$base" \
	--header "Authorization: Bearer $PERSISTMEMORY_API_KEY" \
	--checks not_a_server_error,response_schema_conformance \
	--max-examples "${SCHEMATHESIS_MAX_EXAMPLES:-20}" \
	--seed "${SCHEMATHESIS_SEED:-1}" \
	--max-time "${SCHEMATHESIS_MAX_TIME:-240}" \
	--request-timeout 15 \
	--rate-limit 40/s \
	--workers 1 \
	--continue-on-failure \
	"$@"
