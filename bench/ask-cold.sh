#!/usr/bin/env bash
# Cold start of "query ask" (BENCHMARKS.md, Ask): runs QUERY_BINARY ask -db
# DB once per question and round, each in a new process, and prints for
# every question its median wall time, median CPU time (user + system)
# and largest peak RSS, then the same over every run, with the load
# average before and after. Each process is cold: nothing of a previous
# run is in its memory. The knowledge base's files are in the operating
# system's file cache unless EVICT=1, which drops DB, its -wal and its
# search index PATH.bleve from the cache before every run
# (posix_fadvise DONTNEED, through python3): the first question after a
# reboot or after other processes pushed them out.
#
#   go build -o /tmp/query ./cmd/query
#   go run ./cmd/genxml -size 32MB -revisions 1 -seed 1 -o /tmp/x.xml
#   go run ./cmd/ingest -db /tmp/big.db /tmp/x.xml
#   bench/ask-cold.sh /tmp/big.db /tmp/query 5
#   EVICT=1 bench/ask-cold.sh /tmp/big.db /tmp/query 5
#
# Needs GNU time (apt-get install time).
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: bench/ask-cold.sh DB QUERY_BINARY [ROUNDS]" >&2; exit 2; }
db=$1 bin=$2 rounds=${3:-5}
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
[ -f "$db" ] || { echo "no knowledge base at $db" >&2; exit 1; }
questions=(
  "¿Se puede declarar Berserk estando trabado?"
  "How is Engaged cancelled in CodeOne?"
  "¿Qué MOD aplico al esquivar una mina sin LDT?"
  "Can an Isolated trooper's Order be turned Regular with a Command Token?"
  "¿Cuánto es la Ráfaga en ORA?"
  "What is the best army list for a tournament?"
)
evict() {
  python3 - "$db" <<'EOF'
import os, sys
db = sys.argv[1]
paths = [db, db + "-wal"]
for root, _, files in os.walk(db + ".bleve"):
    paths += [os.path.join(root, f) for f in files]
for p in paths:
    if os.path.isfile(p):
        fd = os.open(p, os.O_RDONLY)
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        os.close(fd)
EOF
}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ask-cold.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# One run first, not counted: it upgrades an older knowledge base's
# schema (once) and says when the judge would not search the index.
"$bin" ask -db "$db" "${questions[0]}" >/dev/null 2>"$tmp/first"
if grep -q "FTS5 instead" "$tmp/first"; then
  cat "$tmp/first" >&2
  exit 1
fi
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
: >"$tmp/all"
for i in "${!questions[@]}"; do
  : >"$tmp/q$i"
done
for _ in $(seq "$rounds"); do
  for i in "${!questions[@]}"; do
    if [ "${EVICT:-0}" = 1 ]; then evict; fi
    # %e wall s, %U user s, %S system s, %M peak RSS KiB
    /usr/bin/time -o "$tmp/time" -f '%e %U %S %M' "$bin" ask -db "$db" "${questions[$i]}" >/dev/null 2>&1
    read -r e u s m <"$tmp/time"
    line="$e $(awk -v u="$u" -v s="$s" 'BEGIN {print u + s}') $m"
    echo "$line" >>"$tmp/q$i"
    echo "$line" >>"$tmp/all"
  done
done
report() { # FILE LABEL
  printf '%-75s wall %5.2f s  cpu %5.2f s  peak RSS %4d MB\n' "$2" \
    "$(cut -d' ' -f1 "$1" | median)" "$(cut -d' ' -f2 "$1" | median)" \
    "$(( $(cut -d' ' -f3 "$1" | sort -n | tail -1) / 1024 ))"
}
for i in "${!questions[@]}"; do
  report "$tmp/q$i" "${questions[$i]}"
done
report "$tmp/all" "all $(wc -l <"$tmp/all") runs (median; RSS: the largest)"
printf 'all runs: wall max %s s, RSS max %d MB\n' "$(cut -d' ' -f1 "$tmp/all" | sort -n | tail -1)" "$(( $(cut -d' ' -f3 "$tmp/all" | sort -n | tail -1) / 1024 ))"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
