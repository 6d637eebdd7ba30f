#!/usr/bin/env bash
# Scale benchmark of ingest (BENCHMARKS.md, "## Ingest"): builds
# cmd/genxml and cmd/ingest, generates deterministic synthetic XML exports
# (genxml -seed 1) of each SIZE into a temporary directory, ingests each
# into a fresh database, and prints one table row per size: revisions,
# input MB, wall seconds, CPU seconds (user + system: less sensitive than
# wall time to the other processes of a loaded machine), revisions/s, MB/s,
# peak resident memory (via /usr/bin/time -v), the database and peak WAL
# sizes, and the load average before and after the run. Peak RSS is split
# into anonymous memory (the heap of Go and of SQLite) and file-backed
# pages (mostly the search index's memory-mapped segments, which the
# kernel can drop and read again), each the largest of samples taken every
# 0.5 s from /proc/PID/status. Everything generated is
# deleted on exit (the 1GB case needs about 15 GB of free disk for a while).
#
#   bench/ingest.sh [SIZE...]      # default: 10MB 100MB
#   bench/ingest.sh 10MB 100MB 1GB
#   KEEP=1 bench/ingest.sh 10MB    # keep the temporary directory
#   INGEST_FLAGS=-no-index bench/ingest.sh 1GB   # the store alone, no search index
#
# Needs GNU time (apt-get install time).
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=("$@")
if [ ${#sizes[@]} -eq 0 ]; then sizes=(10MB 100MB); fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ingest-bench.XXXXXX")
cleanup() { if [ -z "${KEEP:-}" ]; then rm -rf "$tmp"; else echo "kept $tmp" >&2; fi; }
trap cleanup EXIT
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
go build -o "$tmp/genxml" ./cmd/genxml
go build -o "$tmp/ingest" ./cmd/ingest

printf '| %-6s | %9s | %8s | %7s | %6s | %11s | %6s | %12s | %9s | %9s | %8s | %8s | %-15s |\n' \
  size revisions "input MB" "wall s" "CPU s" "revisions/s" "MB/s" "peak RSS MB" "anon MB" "file MB" "db MB" "WAL MB" "load before/after"
printf '|%s|\n' "--------|-----------|----------|---------|--------|-------------|--------|--------------|-----------|-----------|----------|----------|-----------------"
for size in "${sizes[@]}"; do
  xml="$tmp/wiki-$size.xml"
  db="$tmp/wiki-$size.db"
  "$tmp/genxml" -size "$size" -seed 1 -o "$xml" 2>"$tmp/gen.log"
  bytes=$(stat -c %s "$xml")
  revs=$(grep -o '[0-9]* revisions' "$tmp/gen.log" | head -1 | cut -d' ' -f1)
  # Write back what the generator (and the previous size's run) left in
  # the page cache first: the kernel flushing a 1 GB export and a 2 GB
  # database while the next ingest runs made its store 25 % slower
  # (80 -> 102 s at 1 GB).
  sync
  # Peak WAL size, sampled every second while the ingest runs.
  ( peak=0; while :; do
      s=$(stat -c %s "$db-wal" 2>/dev/null || echo 0); [ "$s" -gt "$peak" ] && peak=$s
      echo "$peak" >"$tmp/walpeak"; sleep 1; done ) &
  watcher=$!
  load0=$(cut -d' ' -f1 /proc/loadavg)
  # shellcheck disable=SC2086
  /usr/bin/time -v "$tmp/ingest" -quiet -json ${INGEST_FLAGS:-} -db "$db" "$xml" >"$tmp/sum.json" 2>"$tmp/time.log" &
  timer=$!
  # Peak anonymous and file-backed RSS, read every 0.5 s with shell
  # builtins only (a pgrep or awk per sample cost the ingest ~15 % of its
  # wall time at 0.2 s).
  anon=0; file=0; pid=""
  while kill -0 "$timer" 2>/dev/null; do
    if [ -z "$pid" ]; then pid=$(pgrep -P "$timer" -x ingest || true); fi
    if [ -n "$pid" ] && [ -r "/proc/$pid/status" ]; then
      while read -r key val _; do
        case $key in
          RssAnon:) [ "$val" -gt "$anon" ] && anon=$val ;;
          RssFile:) [ "$val" -gt "$file" ] && file=$val ;;
        esac
      done < "/proc/$pid/status" 2>/dev/null || true
    fi
    sleep 0.5
  done
  wait "$timer"
  load1=$(cut -d' ' -f1 /proc/loadavg)
  kill "$watcher" 2>/dev/null; wait "$watcher" 2>/dev/null || true
  added=$(grep -m1 '"added"' "$tmp/sum.json" | tr -dc 0-9)
  [ "$added" = "$revs" ] || { echo "ingest stored $added revisions of $revs" >&2; exit 1; }
  rss=$(awk -F: '/Maximum resident/ {print $2/1024}' "$tmp/time.log")
  cpu=$(awk -F: '/User time|System time/ {s += $2} END {print s}' "$tmp/time.log")
  # Wall time as GNU time measured it ([h:]m:ss.cc): the sampling loop
  # above would add up to its 0.5 s period.
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s}' "$tmp/time.log")
  dbsize=$(stat -c %s "$db")
  awk -v size="$size" -v revs="$revs" -v bytes="$bytes" -v wall="$wall" -v cpu="$cpu" -v rss="$rss" -v db="$dbsize" \
      -v wal="$(cat "$tmp/walpeak")" -v l0="$load0" -v l1="$load1" -v anon="$anon" -v file="$file" 'BEGIN {
    printf "| %-6s | %9d | %8.1f | %7.1f | %6.1f | %11.0f | %6.2f | %12.0f | %9.0f | %9.0f | %8.0f | %8.0f | %-15s |\n",
      size, revs, bytes/1e6, wall, cpu, revs/wall, bytes/1e6/wall, rss, anon/1024, file/1024, db/1e6, wal/1e6, l0 " / " l1 }'
  rm -f "$xml" "$db" "$db-wal" "$db-shm"
done
