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
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := Run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if !errors.Is(err, errUsage) {
			fmt.Fprintln(os.Stderr, "query:", err)
		}
		os.Exit(2)
	}
}
