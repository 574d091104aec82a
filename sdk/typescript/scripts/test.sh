#!/usr/bin/env bash
# Installs exactly what package-lock.json pins and runs every test of the
# TypeScript SDK: build, type-check of the documented examples, unit tests
# (no network) and integration tests. The integration tests need
# PERSISTMEMORY_BASE_URL and PERSISTMEMORY_API_KEY; without them they skip,
# except under CI=true, where they fail.
set -euo pipefail
cd "$(dirname "$0")/.."
npm ci --no-audit --no-fund
npm test
