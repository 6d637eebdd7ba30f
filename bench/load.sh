#!/usr/bin/env bash
# Load benchmark of the web server (BENCHMARKS.md, "## Web"): builds
# cmd/query, serves the embedded sample corpus (or -db PATH given as
# DB=PATH) on loopback with a search cache of CACHE_MB MiB (default 64;
# 0 measures every search against the knowledge base), and runs
# bench/load against it for DURATION per target with C workers, passing
# the server's process id so that its peak resident memory is reported;
# TARGETS picks the targets (default all: cached, search, page, faq, ask,
# mixed). Then it stops the server it started.
#
#   bench/load.sh [DURATION] [C]                 # default 10s 8
#   TARGETS=cached,mixed bench/load.sh 60s 8     # the 60 s mixed run
set -euo pipefail
cd "$(dirname "$0")/.."
dur=${1:-10s}
conc=${2:-8}
port=${PORT:-18089}
tmp=$(mktemp -d)
pid=""
cleanup() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT
go build -o "$tmp/query" ./cmd/query
go build -o "$tmp/load" ./bench/load
args=(serve -addr "127.0.0.1:$port" -cache-mb "${CACHE_MB:-64}")
if [ -n "${DB:-}" ]; then args+=(-db "$DB"); fi
"$tmp/query" "${args[@]}" 2>"$tmp/serve.log" &
pid=$!
for _ in $(seq 1 100); do
  grep -q "serving on" "$tmp/serve.log" 2>/dev/null && break
  kill -0 "$pid" 2>/dev/null || { cat "$tmp/serve.log"; exit 1; }
  sleep 0.1
done
grep -q "serving on" "$tmp/serve.log" || { echo "server did not start"; cat "$tmp/serve.log"; exit 1; }
echo "server: $(go version | cut -d' ' -f3), $(nproc) cores; corpus: ${DB:-embedded sample}; search cache: ${CACHE_MB:-64} MiB; load average: $(cut -d' ' -f1-3 /proc/loadavg)"
"$tmp/load" -url "http://127.0.0.1:$port" -duration "$dur" -c "$conc" -pid "$pid" -only "${TARGETS:-}"
