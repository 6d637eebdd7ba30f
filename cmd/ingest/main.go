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

// heapLimit is the Go heap an ingest may grow to before the collector
// runs. An ingest allocates a great deal and keeps little: its live heap
// (the revisions in flight, the search index's batches) stays under the
// limit whatever the size of the export. Collecting at the limit instead
// of whenever the heap doubles (GOGC=100) saves much of the ingest's CPU
// time and bounds its memory (BENCHMARKS.md, Ingest). This is the memory
// limit of https://go.dev/doc/gc-guide#Memory_limit with GOGC=off; GOGC or
// GOMEMLIMIT in the environment replace it.
const heapLimit = 64 << 20

func main() {
	if os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == "" {
		debug.SetGCPercent(-1)
		debug.SetMemoryLimit(heapLimit)
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
