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

echo "== the official TypeScript MCP client, for the cross-client OAuth test"
MCP_TS_SDK_DIR="${PERSISTMEMORY_CACHE:-$HOME/.cache/persistmemory}/mcp-ts-sdk-1.32.2"
if [ ! -f "$MCP_TS_SDK_DIR/node_modules/@modelcontextprotocol/sdk/package.json" ]; then
  npm install --prefix "$MCP_TS_SDK_DIR" --no-audit --no-fund --silent @modelcontextprotocol/sdk@1.32.2
fi
export MCP_TS_SDK_DIR

echo "== docker-compose.yml is accepted by docker compose"
if docker compose version >/dev/null 2>&1; then
  docker compose -f docker-compose.yml config -q
else
  if ! command -v docker-compose >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker-compose) >/dev/null 2>&1 || true
  fi
  if command -v docker-compose >/dev/null 2>&1; then
    docker-compose -f docker-compose.yml config -q
  else
    echo "neither docker compose nor docker-compose could be installed"; exit 1
  fi
fi

echo "== go vet"
go vet ./...

status=0
echo "== go test"
# -p 2: the machine has two cores; each suite isolates itself by owner,
# collection and topic, so packages may share the stack.
# The end-to-end tests run last, on their own: the services they start run
# an outbox relay over the shared database, which must not meet the
# conformance suites' test data mid-run.
go test -count=1 -p 2 -timeout 30m $(go list ./... | grep -v '/e2e$') || status=1
go test -count=1 -timeout 20m ./e2e || status=1

echo "== SDK tests against a live server"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
serve_log=$(mktemp -t persistmemory-sdk-serve.XXXXXX.log)
# Its own jobs topic: a service the developer runs on the default one is
# never a member of this one's consumer group.
KAFKA_TOPIC="test.sdk.$$" PERSISTMEMORY_ADDR=127.0.0.1:$port bin/persistmemory serve 2> "$serve_log" &
serve_pid=$!
stop_serve() { kill "$serve_pid" 2>/dev/null || true; wait "$serve_pid" 2>/dev/null || true; }
trap 'stop_serve; cleanup' EXIT
ready=0
for _ in $(seq 1 300); do
  if curl -sf "http://127.0.0.1:$port/readyz" >/dev/null 2>&1; then ready=1; break; fi
  sleep 0.2
done
if [ "$ready" != 1 ]; then
  echo "the service for the SDK tests did not become ready; its log ($serve_log):"
  tail -n 50 "$serve_log"
  status=1
fi
export PERSISTMEMORY_BASE_URL=http://127.0.0.1:$port
PERSISTMEMORY_API_KEY=$(KAFKA_BROKERS= EMBEDDING_PROVIDER=none bin/persistmemory apikey create --user "usr_sdk$(date +%s)" --name sdk-tests 2>/dev/null)
export PERSISTMEMORY_API_KEY
# A second user, for the tests of a Space shared between two users.
PERSISTMEMORY_API_KEY_2=$(KAFKA_BROKERS= EMBEDDING_PROVIDER=none bin/persistmemory apikey create --user "usr_sdkb$(date +%s)" --name sdk-tests 2>/dev/null)
export PERSISTMEMORY_API_KEY_2
echo "-- TypeScript SDK"
bash sdk/typescript/scripts/test.sh || status=1
echo "-- Python SDK"
bash sdk/python/scripts/test.sh || status=1
echo "-- schemathesis against /openapi.json (no 5xx, no response outside the schema)"
SCHEMATHESIS_MAX_TIME=150 SCHEMATHESIS_TIMEOUT=240 bash scripts/schemathesis.sh || status=1
stop_serve

echo "== total $(( $(date +%s) - start ))s"
exit "$status"
