package main

import (
	"context"
	"fmt"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/report"
)

func runFAQ(ctx context.Context, e *env, args []string) error {
	c := newFlags(e, "faq", "[TEXT]", "Lists the distinct FAQ and errata entries (all, or those matching TEXT),\nnewest version first, each with its citation.", true).pageFlags()
	if err := c.parse(args); err != nil {
		return err
	}
	f, err := c.filter()
	if err != nil {
		return err
	}
	lang := c.outLang()
	return c.withDB(ctx, e, func(db *kb.DB) error {
		q := c.text()
		faqs, err := db.FAQs(ctx, q, f)
		if err != nil {
			return err
		}
		list := report.FAQListOf(q, faqs, lang)
		if c.json {
			return writeJSON(e.stdout, list)
		}
		if f.Edition == 0 {
			fmt.Fprintf(e.stdout, "(%s)\n", word(lang, "faq.all"))
		} else {
			fmt.Fprintf(e.stdout, "(%s)\n", editionLineIn(f.Edition, false, lang))
		}
		if len(list.Results) == 0 {
			fmt.Fprintln(e.stdout, word(lang, "faq.nomatch", q))
			return nil
		}
		md := e.markup()
		for i, r := range list.Results {
			fmt.Fprintf(e.stdout, "%d. %s\n", i+1, faqHeadingIn(r.FAQ, lang))
			fmt.Fprintln(e.stdout, indent(md(r.Text), "   "))
			fmt.Fprintf(e.stdout, "   — %s\n\n", citeLine(lang, r.Citation))
		}
		return nil
	})
}

// faqHeading is an FAQ's line in the list: "[title] version — related
// pages", with "WITHDRAWN in V" for an entry a later FAQ version removed. An FAQ seen only on a rendered page that showed neither title nor
// version is labelled by its type; without related pages, the pages that
// show it are listed.
func faqHeading(f *wikirules.FAQ) string { return faqHeadingIn(f, "en") }

// faqHeadingIn is faqHeading in language lang (cliWords).
func faqHeadingIn(f *wikirules.FAQ, lang string) string {
	label := f.Title
	if label == "" {
		label = "FAQ"
		if f.Type == "errata" {
			label = "Errata"
		}
		label = word(lang, "faq.untitled", label)
	}
	h := "[" + label + "]"
	if f.Version != "" {
		h += " " + f.Version
	}
	if f.Removed != "" {
		h += " — " + word(lang, "withdrawn", f.Removed)
	}
	pages := f.Related
	if len(pages) == 0 {
		pages = f.Pages
	}
	if len(pages) > 0 {
		h += " — " + joinPages(pages)
	}
	return h
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
