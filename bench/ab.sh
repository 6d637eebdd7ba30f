#!/usr/bin/env bash
# Side-by-side comparison of ingest builds (BENCHMARKS.md, Ingest): runs
# each given ingest binary N times on the same export, in turn (A B A B…,
# so that a change in the machine's speed during the run hits both alike),
# each into a fresh database after `sync`, and prints for each binary its
# wall times sorted, the fastest and the median, and the median CPU time
# (user + system: less sensitive than wall time to the other processes of
# a loaded machine). Extra ingest flags go in INGEST_FLAGS (e.g. -no-index
# for the store alone).
#
#   go build -o /tmp/ingest-old ./cmd/ingest    # at the older commit
#   go build -o /tmp/ingest-new ./cmd/ingest    # at the newer one
#   go run ./cmd/genxml -size 10MB -seed 1 -o /tmp/x10.xml
#   bench/ab.sh 7 /tmp/x10.xml /tmp/ingest-old /tmp/ingest-new
#
# Needs GNU time (apt-get install time).
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: bench/ab.sh N EXPORT INGEST_BINARY..." >&2; exit 2; }
n=$1 export=$2
shift 2
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ab.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
declare -A walls cpus
for _ in $(seq "$n"); do
  for bin in "$@"; do
    rm -rf "$tmp"/db*
    sync
    # shellcheck disable=SC2086
    read -r t u s < <( { /usr/bin/time -f '%e %U %S' "$bin" -quiet ${INGEST_FLAGS:-} -db "$tmp/db" "$export" >/dev/null; } 2>&1 | tail -1)
    walls[$bin]="${walls[$bin]:-} $t"
    cpus[$bin]="${cpus[$bin]:-} $(awk -v u="$u" -v s="$s" 'BEGIN {print u + s}')"
  done
done
median() { awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
for bin in "$@"; do
  sorted=$(tr ' ' '\n' <<<"${walls[$bin]}" | grep . | sort -n)
  cpu=$(tr ' ' '\n' <<<"${cpus[$bin]}" | grep . | sort -n | median)
  printf '%s: %s  fastest %s  median %s  CPU median %s\n' "$bin" "$(paste -s -d' ' <<<"$sorted")" "$(head -1 <<<"$sorted")" "$(median <<<"$sorted")" "$cpu"
done
