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
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := Run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if err != errUsage {
			fmt.Fprintln(os.Stderr, "ingest:", err)
		}
		os.Exit(2)
	}
}
