// Command ingest reads wiki revisions (contributions dumps, MediaWiki XML
// exports, API JSON, rendered pages) into a wikirules knowledge base.
//
//	ingest [-db PATH] [-format auto|contribs|pagetext|xml|api|html] [-keep-going] [-json] PATH...
//
// See Run for the flags.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"runtime/debug"
)

// indexMemoryLimit is the soft Go memory limit Run sets for building the
// search index, once the store's SQLite connections (and their 16 MiB
// page caches) are closed; 0 leaves the limit alone (GOMEMLIMIT given, or
// Run called by tests). At 64 MiB the index build of a 1 GB export (live
// heap up to 46 MB) took 45.7 s and peaked at 165 MB of anonymous memory;
// at 128 MiB with a 4 MiB SQLite cache (kb.SmallCache), 34.0 s and 144 MB
// (BENCHMARKS.md, Ingest).
var indexMemoryLimit int64

func main() {
	// A soft limit of 64 MiB bounds the heap (live: 7-18 MB over a 1 GB
	// export) whatever the size of the input. GOMEMLIMIT in the
	// environment wins.
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
