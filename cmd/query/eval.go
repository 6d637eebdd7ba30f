package main

import (
	"context"
	"fmt"
	"os"

	"github.com/wikirules/wikirules/engine"
)

const evalHelp = `Runs the judge cases (questions with the expected deciding source, and
situations with the expected verdict) and prints how many questions are
answered with the right deciding source first and within the top 3, and
how many situations are resolved as expected. Without -cases it runs the
cases built into the engine (the example cases and the engine's own set).
With -search it scores the search index instead, on the relevance set
index/testdata/relevance.json (or -cases FILE in that shape): recall@1,
recall@3 and MRR, listing the queries not answered first.
Examples:
  query eval -v
  query eval -search`

func runEval(ctx context.Context, e *env, args []string) error {
	c := newFlags(e, "eval", "", evalHelp, false)
	file := c.fs.String("cases", "", "a case file in the shape of judge-examples.json (default: the built-in cases)")
	verbose := c.fs.Bool("v", false, "list every case that is not answered first")
	search := c.fs.Bool("search", false, "score the search index on its relevance set instead of the engine")
	if err := c.parse(args); err != nil {
		return err
	}
	if *search {
		return runEvalSearch(ctx, e, c, *file)
	}
	var files []*engine.CaseFile
	if *file != "" {
		data, err := os.ReadFile(*file)
		if err != nil {
			return err
		}
		cf, err := engine.ParseCases(data, *file)
		if err != nil {
			return err
		}
		files = append(files, cf)
	} else {
		cfs, err := engine.BuiltinCases()
		if err != nil {
			return err
		}
		files = cfs
	}
	db, err := c.open(ctx, e)
	if err != nil {
		return err
	}
	defer db.Close()
	eng := engine.New(db, db)
	total := &engine.Report{}
	for _, cf := range files {
		rep, err := engine.Evaluate(ctx, eng, cf)
		if err != nil {
			return err
		}
		total.Add(rep)
	}
	if c.json {
		return writeJSON(e.stdout, total)
	}
	for _, r := range total.Results {
		if *verbose && !r.OK {
			fmt.Fprintf(e.stdout, "%-6s rank %d  %s\n       %s\n       got: %s\n", r.ID, r.Rank, r.Problem, r.Input, r.Got)
		}
	}
	fmt.Fprintf(e.stdout, "questions: %d  deciding source first: %d (%.0f%%)  within top 3: %d (%.0f%%)\n",
		total.Questions, total.First, pct(total.First, total.Questions), total.Top3, pct(total.Top3, total.Questions))
	fmt.Fprintf(e.stdout, "situations: %d  resolved as expected: %d (%.0f%%)\n",
		total.SituationsN, total.SituationsOK, pct(total.SituationsOK, total.SituationsN))
	return nil
}

func pct(n, d int) float64 {
	if d == 0 {
		return 0
	}
	return 100 * float64(n) / float64(d)
}
