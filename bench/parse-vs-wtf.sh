#!/usr/bin/env bash
# parse-vs-wtf.sh: parse throughput of our wikitext parser against the npm
# package wtf_wikipedia on the same input, the whole seed contributions dump
# (sample/seeds/000_75a7fc8f63132767.txt, 50 revisions, 222 KB) parsed as one
# document, single-threaded on both sides.
#
# Usage: bench/parse-vs-wtf.sh [SECONDS]   (default 5 s of parsing per side)
#
# wtf_wikipedia is installed from npm into a temporary folder that is removed
# on exit; nothing is installed into the repository. Needs go, node and npm.
# Not for CI: it downloads a package and takes about a minute.
set -euo pipefail

secs=${1:-5}
root=$(cd "$(dirname "$0")/.." && pwd)
input="$root/sample/seeds/000_75a7fc8f63132767.txt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "input: $input ($(wc -c <"$input") bytes)"
echo "installing wtf_wikipedia into $tmp ..."
(cd "$tmp" && npm init -y >/dev/null && npm install --no-audit --no-fund --silent wtf_wikipedia >/dev/null)
wtf_version=$(node -p "require('$tmp/node_modules/wtf_wikipedia/package.json').version")

cat >"$tmp/bench.js" <<'JS'
// Parses the input repeatedly for about SECONDS seconds and prints MB/s.
const fs = require('fs');
const mod = require(process.argv[2] + '/node_modules/wtf_wikipedia');
const wtf = typeof mod === 'function' ? mod : mod.default;
const text = fs.readFileSync(process.argv[3], 'utf8');
const bytes = Buffer.byteLength(text, 'utf8');
const seconds = Number(process.argv[4]);
for (let i = 0; i < 3; i++) wtf(text); // warm-up
let n = 0;
const start = process.hrtime.bigint();
let elapsed = 0;
while (elapsed < seconds) {
  const doc = wtf(text);
  if (doc.sections().length === 0) throw new Error('no sections parsed');
  n++;
  elapsed = Number(process.hrtime.bigint() - start) / 1e9;
}
console.log((bytes * n / elapsed / 1e6).toFixed(2), n, (elapsed / n * 1e3).toFixed(2));
JS

echo "running wtf_wikipedia $wtf_version (node $(node --version)) for ${secs}s ..."
read -r wtf_mbs wtf_n wtf_ms < <(node "$tmp/bench.js" "$tmp" "$input" "$secs")

echo "running go test -bench BenchmarkParse for ${secs}s ..."
go_line=$(cd "$root" && go test ./wikitext -run XXX -bench 'BenchmarkParse$' -benchtime "${secs}s" | grep '^BenchmarkParse')
go_mbs=$(awk '{for (i = 1; i <= NF; i++) if ($i == "MB/s") print $(i-1)}' <<<"$go_line")
go_ms=$(awk '{for (i = 1; i <= NF; i++) if ($i == "ns/op") printf "%.2f", $(i-1) / 1e6}' <<<"$go_line")

printf '\n%-28s %12s %14s\n' "parser" "MB/s" "ms per parse"
printf '%-28s %12s %14s\n' "wikirules/wikitext (Go)" "$go_mbs" "$go_ms"
printf '%-28s %12s %14s\n' "wtf_wikipedia $wtf_version" "$wtf_mbs" "$wtf_ms"
ratio=$(awk -v a="$go_mbs" -v b="$wtf_mbs" 'BEGIN { printf "%.1f", a / b }')
echo "ratio: ${ratio}x (target: at least 10x)"
awk -v r="$ratio" 'BEGIN { exit !(r >= 10) }' || { echo "below the 10x target" >&2; exit 1; }
