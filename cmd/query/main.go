// Command query looks rules up in a wikirules knowledge base and answers
// judges with citations.
//
//	query search  [-db PATH] [-edition n4|c1|n5] [-kind …] [-as-of DATE] [-json] TEXT
//	query show    [-db PATH] [-edition …] [-as-of DATE] [-history] [-json] PAGE
//	query faq     [-db PATH] [-edition …] [-json] [TEXT]
//
// Without -db and without ./rules.db it uses the sample corpus embedded in
// the binary, so it works on a fresh checkout. See Run.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"runtime/debug"
)

// indexMemoryLimit is the soft Go memory limit "query index" sets while it
// builds or syncs the search index: the collector then runs at the limit
// instead of letting the heap grow to five times the live heap at
// GOGC=400; 0 leaves the limit alone (GOMEMLIMIT given, or Run called by
// tests).
var indexMemoryLimit int64

// serveMemoryLimit is the soft Go memory limit of "query serve" besides
// its search cache (-cache-mb): the server's heap without the cache stays
// well under it on the seed knowledge base under load (BENCHMARKS.md,
// Web), and the limit keeps GOGC=400 from letting garbage grow the heap
// to five times the live heap; 0 leaves the limit alone (GOMEMLIMIT
// given, or Run called by tests).
var serveMemoryLimit int64

func main() {
	// The engine's store (modernc.org's SQLite) allocates a great deal and
	// the search index is memory-mapped, so with the default GOGC=100 the
	// collector runs almost constantly: 400 took Ask's p99 at 123k records
	// from 53 to 32 ms and the search's CPU per query by a fifth
	// (BENCHMARKS.md, Ask and Search). GOGC in the environment wins.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		indexMemoryLimit = 128 << 20
		serveMemoryLimit = 64 << 20
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := Run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if !errors.Is(err, errUsage) {
			fmt.Fprintln(os.Stderr, "query:", err)
		}
		os.Exit(2)
	}
}
