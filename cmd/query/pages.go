package main

import (
	"context"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/wikirules/wikirules/kb"
)

const pagesHelp = `Lists every page of the knowledge base with its wiki, language, namespace,
the editions its current revision holds text in, the number of revisions
stored, and the records and FAQ occurrences of its current revision: what to
check after an ingest. -wiki keeps one wiki, -edition the pages that hold
text in that edition.`

// pagesList is the document of query pages -json.
type pagesList struct {
	Wiki    string           `json:"wiki,omitempty"`
	Edition string           `json:"edition,omitempty"`
	Total   int              `json:"total"`
	Pages   []kb.PageSummary `json:"pages"`
}

func runPages(ctx context.Context, e *env, args []string) error {
	c := newFlags(e, "pages", "", pagesHelp, false)
	c.fs.StringVar(&c.wiki, "wiki", "", "only the pages of this wiki (infinity-es, infinity-en, infinity-n3-es…)")
	c.fs.StringVar(&c.edition, "edition", "", "only the pages holding text in this edition: n3, n4, c1 or n5")
	if err := c.parse(args); err != nil {
		return err
	}
	if len(c.fs.Args()) > 0 {
		c.fs.Usage()
		return errUsage
	}
	f, err := c.filter()
	if err != nil {
		return err
	}
	f.Lang = ""
	db, err := c.open(ctx, e)
	if err != nil {
		return err
	}
	defer db.Close()
	pages, err := db.PageSummaries(ctx, f)
	if err != nil {
		return err
	}
	if c.json {
		return writeJSON(e.stdout, pagesList{Wiki: f.Wiki, Edition: c.edition, Total: len(pages), Pages: pages})
	}
	if len(pages) == 0 {
		fmt.Fprintln(e.stdout, "no pages")
		return nil
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "PAGE\tWIKI\tLANG\tNS\tEDITIONS\tREVISIONS\tRECORDS\tFAQS")
	for _, p := range pages {
		eds := strings.ToUpper(strings.Join(p.Editions.Names(), " "))
		if eds == "" {
			eds = "unknown"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\t%d\t%d\t%d\n", p.Page.Title, p.Page.Wiki, p.Page.Language, p.Page.Namespace,
			eds, p.Revisions, p.Records, p.FAQs)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "%d pages\n", len(pages))
	return nil
}
