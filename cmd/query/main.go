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

func main() {
	// The engine's store (modernc.org's SQLite) allocates a great deal and
	// the search index is memory-mapped, so with the default GOGC=100 the
	// collector runs almost constantly: 400 took Ask's p99 at 123k records
	// from 53 to 32 ms and the search's CPU per query by a fifth
	// (BENCHMARKS.md, Engine and Search). GOGC in the environment wins.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
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
