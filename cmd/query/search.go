package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/wikirules/wikirules"
)

func init() {
	register(command{"search", "[-edition E] [-kind K] TEXT", "ranked search over rules and FAQs", runSearch})
}

func runSearch(ctx context.Context, e *env, args []string) error {
	c := newFlags(e, "search", "TEXT", "Searches the current rule records and FAQs; prints each result with its citation.", true)
	kinds := c.fs.String("kind", "", "only these kinds, comma-separated (rule, effect, faq, errata, example, …)")
	limit := c.fs.Int("n", 10, "number of results")
	history := c.fs.Bool("history", false, "include superseded text")
	if err := c.parse(args); err != nil {
		return err
	}
	q := c.text()
	f, err := c.filter()
	if err != nil {
		return err
	}
	f.Limit = *limit
	f.History = *history
	for _, k := range strings.Split(*kinds, ",") {
		if k = strings.TrimSpace(k); k != "" {
			f.Kinds = append(f.Kinds, wikirules.Kind(k))
		}
	}
	db, err := c.open(ctx, e)
	if err != nil {
		return err
	}
	defer db.Close()
	hits, err := db.SearchText(ctx, q, f)
	if err != nil {
		return err
	}
	results := make([]result, 0, len(hits))
	for _, h := range hits {
		results = append(results, hitResult(h))
	}
	if c.json {
		return writeJSON(e.stdout, map[string]any{"query": q, "edition": c.edition, "as_of": c.asOf, "total": len(results), "results": results})
	}
	if len(results) == 0 {
		fmt.Fprintf(e.stdout, "no results for %q\n", q)
		return nil
	}
	for i, r := range results {
		printResult(e.stdout, i+1, r)
		fmt.Fprintln(e.stdout)
	}
	return nil
}
