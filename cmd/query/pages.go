package main

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/wikirules/wikirules/kb"
)

const pagesHelp = `Lists every page of the knowledge base with its wiki, language, namespace,
the editions its current revision holds text in, the number of revisions
stored, and the records and FAQ occurrences of its current revision: what to
check after an ingest; then, for each wiki, its page count and, for a wiki
synced over its API (ingest -wiki-api), the API address and the last sync.
-wiki keeps one wiki, -edition the pages that hold text in that edition.`

// pagesList is the document of query pages -json.
type pagesList struct {
	Wiki    string           `json:"wiki,omitempty"`
	Edition string           `json:"edition,omitempty"`
	Total   int              `json:"total"`
	Pages   []kb.PageSummary `json:"pages"`
	Wikis   []wikiPages      `json:"wikis"`
}

// wikiPages is one wiki's line of query pages: its pages listed, and where
// a sync over the API keeps it current (API and LastSync empty for a wiki
// read from files only).
type wikiPages struct {
	Wiki     string    `json:"wiki"`
	Language string    `json:"language"`
	Pages    int       `json:"pages"`
	API      string    `json:"api,omitempty"`
	LastSync time.Time `json:"last_sync,omitzero"`
}

// wikisOf counts pages by wiki and joins the sync state of each wiki, in
// wiki order.
func wikisOf(pages []kb.PageSummary, syncs []kb.SyncState) []wikiPages {
	by := map[string]*wikiPages{}
	for _, p := range pages {
		w := by[p.Page.Wiki]
		if w == nil {
			w = &wikiPages{Wiki: p.Page.Wiki, Language: p.Page.Language}
			by[p.Page.Wiki] = w
		}
		w.Pages++
	}
	for _, st := range syncs {
		if w := by[st.Wiki]; w != nil {
			w.API, w.LastSync = st.API, st.LastSync
		}
	}
	out := []wikiPages{}
	for _, w := range by {
		out = append(out, *w)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Wiki < out[j].Wiki })
	return out
}

func runPages(ctx context.Context, e *env, args []string) error {
	c := newFlags(e, "pages", "", pagesHelp, false)
	c.fs.StringVar(&c.wiki, "wiki", "", "only the pages of this wiki (infinity-es, infinity-en, infinity-n3-es…)")
	c.fs.StringVar(&c.edition, "edition", "", "only the pages holding text in this edition: n3, n4, c1 or n5")
	out := c.fs.String("lang", "", "es or en: the language of the listing's words (default: the locale, LC_ALL / LC_MESSAGES / LANG, when Spanish, else en)")
	if err := c.parse(args); err != nil {
		return err
	}
	lang := strings.ToLower(strings.TrimSpace(*out))
	switch lang {
	case "":
		lang = cliLang(os.Getenv)
	case "es", "en":
	default:
		return fmt.Errorf("-lang %q: want es or en", *out)
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
	return c.withDB(ctx, e, func(db *kb.DB) error {
		pages, err := db.PageSummaries(ctx, f)
		if err != nil {
			return err
		}
		syncs, err := db.SyncStates(ctx)
		if err != nil {
			return err
		}
		wikis := wikisOf(pages, syncs)
		if c.json {
			return writeJSON(e.stdout, pagesList{Wiki: f.Wiki, Edition: c.edition, Total: len(pages), Pages: pages, Wikis: wikis})
		}
		if len(pages) == 0 {
			fmt.Fprintln(e.stdout, word(lang, "pages.none"))
			return nil
		}
		tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, word(lang, "pages.head"))
		for _, p := range pages {
			eds := strings.ToUpper(strings.Join(p.Editions.Names(), " "))
			if eds == "" {
				eds = word(lang, "pages.edunknown")
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\t%d\t%d\t%d\n", p.Page.Title, p.Page.Wiki, p.Page.Language, p.Page.Namespace,
				eds, p.Revisions, p.Records, p.FAQs)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		fmt.Fprintln(e.stdout, word(lang, "pages.n", len(pages)))
		for _, w := range wikis {
			from := word(lang, "pages.files")
			if w.API != "" {
				from = word(lang, "pages.synced", w.API, w.LastSync.UTC().Format(time.RFC3339))
			}
			n := word(lang, "pages.n", w.Pages)
			if w.Pages == 1 {
				n = word(lang, "pages.1")
			}
			fmt.Fprintf(e.stdout, "  %s (%s): %s, %s\n", w.Wiki, w.Language, n, from)
		}
		return nil
	})
}
