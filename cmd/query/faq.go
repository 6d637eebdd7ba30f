package main

import (
	"context"
	"fmt"
)

func init() {
	register(command{"faq", "[TEXT]", "FAQs and errata, with versions", runFAQ})
}

func runFAQ(ctx context.Context, e *env, args []string) error {
	c := newFlags(e, "faq", "[TEXT]", "Lists the distinct FAQ and errata entries (all, or those matching TEXT),\nnewest version first, each with its citation.", true)
	if err := c.parse(args); err != nil {
		return err
	}
	f, err := c.filter()
	if err != nil {
		return err
	}
	db, err := c.open(ctx, e)
	if err != nil {
		return err
	}
	defer db.Close()
	q := c.text()
	faqs, err := db.FAQs(ctx, q, f)
	if err != nil {
		return err
	}
	results := make([]result, 0, len(faqs))
	for i := range faqs {
		results = append(results, faqResult(&faqs[i], ""))
	}
	if c.json {
		return writeJSON(e.stdout, map[string]any{"query": q, "total": len(results), "results": results})
	}
	if len(results) == 0 {
		fmt.Fprintf(e.stdout, "no FAQ or errata matches %q\n", q)
		return nil
	}
	for i, r := range results {
		fmt.Fprintf(e.stdout, "%d. [%s] %s — %s\n", i+1, r.FAQ.Title, r.FAQ.Version, joinPages(r.FAQ.Related))
		fmt.Fprintln(e.stdout, indent(r.Text, "   "))
		fmt.Fprintf(e.stdout, "   — %s\n\n", r.Citation)
	}
	return nil
}

func joinPages(p []string) string {
	s := ""
	for i, x := range p {
		if i > 0 {
			s += ", "
		}
		s += x
	}
	return s
}
