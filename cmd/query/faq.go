package main

import (
	"context"
	"fmt"

	"github.com/wikirules/wikirules/report"
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
	list := report.FAQListOf(q, faqs)
	if c.json {
		return writeJSON(e.stdout, list)
	}
	if len(list.Results) == 0 {
		fmt.Fprintf(e.stdout, "no FAQ or errata matches %q\n", q)
		return nil
	}
	for i, r := range list.Results {
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
