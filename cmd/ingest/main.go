// Command ingest reads wiki revisions (contributions dumps, MediaWiki XML
// exports, API JSON, rendered pages) into a wikirules knowledge base.
//
//	ingest [-db PATH] [-format auto|contribs|pagetext|xml|api|html] [-keep-going] [-json] PATH...
//
// See Run for the flags.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"

	"github.com/wikirules/wikirules/kb"
)

// indexMemoryLimit is the soft Go memory limit Run sets for building the
// search index, once the store's SQLite connections (and their 16 MiB
// page caches) are closed; 0 leaves the limit alone (GOMEMLIMIT given, or
// Run called by tests). At 64 MiB the index build of a 1 GB export (live
// heap up to 46 MB) took 45.7 s and peaked at 165 MB of anonymous memory;
// at 128 MiB with a 4 MiB SQLite cache (kb.SmallCache), 34.0 s and 144 MB
// (BENCHMARKS.md, Ingest).
var indexMemoryLimit int64

// heapPremap and pageCacheBytes size the memory main backs with
// transparent huge pages (hugeHeap, kb.ReservePageCache): the Go heap of
// an ingest stays under the 128 MiB limit of its index phase, and the page
// cache buffer holds the store's 16 MiB cache (the index phase's 4 MiB one
// reuses its slots once the store's connections close; a page that finds
// no free slot is allocated by SQLite as before). The buffer is resident
// from the first open. With both, a 10 MB export's ingest takes about 5,800
// page faults instead of 31,000 and 1.02 s instead of 1.32 s; with the
// buffer alone 1.12 s, with the heap alone 1.20 s (medians of 7
// alternating runs; BENCHMARKS.md, Ingest, sixth pass).
const (
	heapPremap     = 128 << 20
	pageCacheBytes = 18 << 20
)

func main() {
	// Huge pages first: the page cache buffer must be in place before
	// anything opens a database. GODEBUG=disablethp=1, Go's switch to keep
	// its heap off transparent huge pages, turns both off.
	if !godebug("disablethp", "1") {
		if err := kb.ReservePageCache(pageCacheBytes); err != nil && !errors.Is(err, errors.ErrUnsupported) {
			fmt.Fprintln(os.Stderr, "ingest: warning:", err)
		}
		hugeHeap(heapPremap)
	}
	// The ingest's live heap stays small (about 10 MB: the revisions in
	// flight and the extractor's trees) and it allocates much, so the
	// collector runs often at the default GOGC=100: 400 cut the CPU time
	// of a 10 MB export's ingest by about a fifth. With the heap on huge
	// pages a larger heap costs few page faults, and 1600 (a collection
	// per ~50 MB allocated instead of ~15) cut more: 10 MB 0.99 → 0.94 s,
	// 100 MB 8.69 → 8.10 s, 1 GB 96-101 → 91-92 s (bench/ab.sh,
	// alternating; BENCHMARKS.md, Ingest, sixth pass).
	// A soft limit of 64 MiB bounds the heap (live: 7-18 MB over a 1 GB
	// export) whatever the size of the input. GOGC or GOMEMLIMIT in the
	// environment win.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(1600)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(64 << 20)
		indexMemoryLimit = 128 << 20
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := Run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if err != errUsage {
			fmt.Fprintln(os.Stderr, "ingest:", err)
		}
		os.Exit(2)
	}
}

// godebug reports whether the GODEBUG environment variable sets key to
// value (GODEBUG is a comma-separated list of key=value; the last setting
// of a key wins, as in the runtime).
func godebug(key, value string) bool {
	set := false
	for _, kv := range strings.Split(os.Getenv("GODEBUG"), ",") {
		if k, v, ok := strings.Cut(strings.TrimSpace(kv), "="); ok && k == key {
			set = v == value
		}
	}
	return set
}
