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
// an ingest stays under the 128 MiB index limit, and SQLite's caches are
// the store's 16 MiB and the index read's 4 MiB, plus room for a second
// connection of the store's pool. With both, a 10 MB export's ingest takes
// about 5,800 page faults instead of 31,000 and 1.00 s instead of 1.34 s
// (median of 7 alternating runs; BENCHMARKS.md, Ingest, sixth pass).
const (
	heapPremap     = 128 << 20
	pageCacheBytes = 24 << 20
)

func main() {
	// SQLite's page caches in one buffer: first, before anything opens a
	// database. Outside Linux it is not done (errors.ErrUnsupported).
	if err := kb.ReservePageCache(pageCacheBytes); err != nil && !errors.Is(err, errors.ErrUnsupported) {
		fmt.Fprintln(os.Stderr, "ingest: warning:", err)
	}
	hugeHeap(heapPremap)
	// The ingest's live heap stays small (about 10 MB: the revisions in
	// flight and the extractor's trees) and it allocates much, so the
	// collector runs often at the default GOGC=100; 400 cut the CPU time
	// of a 10 MB export's ingest by about a fifth for 10 MB more peak
	// memory (BENCHMARKS.md, Ingest).
	// A soft limit of 64 MiB then bounds the heap (live: 7-18 MB over a
	// 1 GB export) whatever the size of the input. GOGC or GOMEMLIMIT in
	// the environment win.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
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
