#!/usr/bin/env bash
# Runs every test of PersistMemory against the real local stack.
# It installs what the stack needs (cached under ~/.cache/persistmemory),
# starts the stack if it is not running, runs the suites, and stops the
# stack again only if it started it.
set -euo pipefail
cd "$(dirname "$0")/.."

start=$(date +%s)
export CGO_ENABLED=1
mkdir -p bin
echo "== build"
go build -o bin/persistmemory ./cmd/persistmemory

started_stack=0
if ! bin/persistmemory stack status --quiet >/dev/null 2>&1; then
  started_stack=1
fi
cleanup() {
  if [ "$started_stack" = 1 ] && [ -z "${PERSISTMEMORY_KEEP_STACK:-}" ]; then
    echo "== stack down"
    bin/persistmemory stack down || true
  fi
}
trap cleanup EXIT
echo "== stack up (installs once, then cached)"
bin/persistmemory stack up

echo "== go vet"
go vet ./...

echo "== go test"
# -p 2: the machine has two cores; each suite isolates itself by owner,
# collection and topic, so packages may share the stack.
go test -count=1 -p 2 -timeout 30m ./... 2>&1 | tee /tmp/persistmemory-go-test.log
status=${PIPESTATUS[0]}

echo "== total $(( $(date +%s) - start ))s"
exit "$status"
