package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/index"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/report"
	"github.com/wikirules/wikirules/web/twins"
)

// twinOf is the pairs of src as report.GroupTwins reads them.
func twinOf(src *twins.Source) report.TwinOf {
	return func(wiki, title string) (wikirules.Page, string, bool) {
		t, ok := src.Twin(wiki, title)
		return t.Page, t.Newer, ok
	}
}

// languageName names a wiki language in English ("es": Spanish).
func languageName(code string) string {
	switch code {
	case "es":
		return "Spanish"
	case "en":
		return "English"
	}
	return code
}

const searchHelp = `Searches the current rule records and FAQs; prints each result with a
snippet (matched words in bold on a terminal, between « » otherwise), its
citation, and the counts of the matches by kind, edition and page.

Search uses the bleve index: Spanish and English stemming and accent
folding, the glossary's synonyms and abbreviations (LoF = LDT, dodge =
esquivar), typo correction, ranking of the deciding source first. For a
knowledge base file it reads PATH.bleve (made by "query index -db PATH");
when that is missing or out of step, and for -as-of searches (the index
holds current text), it falls back to the knowledge base's FTS5 search and
says so (-json: "engine": "fts5"). The embedded sample corpus is indexed in
memory at start. Example:
  query search -edition c1 "esquiva plantilla"`

func runSearch(ctx context.Context, e *env, args []string) error {
	c := newFlags(e, "search", "TEXT", searchHelp, true).pageFlags()
	kinds := c.fs.String("kind", "", "only these kinds, comma-separated (rule, effect, faq, errata, example, …)")
	limit := c.fs.Int("n", 10, "number of results")
	history := c.fs.Bool("history", false, "include superseded text")
	fts := c.fs.Bool("fts5", false, "search with the knowledge base's FTS5 table instead of the index")
	if err := c.parse(args); err != nil {
		return err
	}
	q, err := c.query()
	if err != nil {
		return err
	}
	f, err := c.filter()
	if err != nil {
		return err
	}
	if *limit < 1 || *limit > 1000 {
		return fmt.Errorf("-n %d: want 1 to 1000 results", *limit)
	}
	f.Limit = *limit
	f.History = *history
	for _, k := range strings.Split(*kinds, ",") {
		if k = strings.TrimSpace(k); k != "" {
			kind, err := wikirules.ParseKind(k)
			if err != nil {
				return fmt.Errorf("-kind: %w", err)
			}
			f.Kinds = append(f.Kinds, kind)
		}
	}
	db, err := c.open(ctx, e)
	if err != nil {
		return err
	}
	defer db.Close()
	newest := f.Edition == 0 && c.edition != "all"
	out := report.Search{Query: q, Edition: c.edition, EditionDefault: newest,
		AsOf: c.asOf, Results: []report.SearchResult{}}
	f.Limit *= 3 // a pair's folded results make room for others
	if f.Wiki != "" {
		f.Limit *= 4 // hits of other wikis are dropped below
	}
	var idx *index.Index
	switch {
	case *fts:
	case !f.AsOf.IsZero():
		if !c.json {
			fmt.Fprintln(e.stderr, "(-as-of: searching the knowledge base's FTS5 table; the index holds current text)")
		}
	default:
		x, owned, reason := c.searchIndex(ctx, db)
		if reason != nil {
			fmt.Fprintf(e.stderr, "query: %v; searching with FTS5 instead (run: query index -db %s)\n", reason, c.dbPath())
			break
		}
		if owned {
			defer x.Close()
		}
		idx = x
	}
	if idx != nil {
		err = searchBleve(ctx, idx, q, f, &out)
	} else {
		err = searchFTS5(ctx, db, q, f, &out)
	}
	if err != nil {
		return err
	}
	// Twin pages of the two languages are shown once, the newer side
	// first: results are kept beyond the limit for the pairs to fold.
	if err := report.KeepResults(ctx, db, &out, f.Wiki, newest, 3**limit); err != nil {
		return err
	}
	tw, err := twins.Load(ctx, db)
	if err != nil {
		return err
	}
	err = report.FillTwins(ctx, &out, twinOf(tw), func(ctx context.Context, p wikirules.Page) ([]report.SearchResult, error) {
		g := f
		g.Pages, g.Wiki = []string{p.Title}, p.Wiki
		more := report.Search{}
		var err error
		if idx != nil {
			err = searchBleve(ctx, idx, q, g, &more)
		} else {
			err = searchFTS5(ctx, db, q, g, &more)
		}
		if err == nil {
			err = report.KeepResults(ctx, db, &more, p.Wiki, newest, *limit)
		}
		return more.Results, err
	})
	if err != nil {
		return err
	}
	out.Results = report.GroupTwins(out.Results, twinOf(tw))
	if len(out.Results) > *limit {
		out.Results = out.Results[:*limit]
	}
	if c.json {
		return writeJSON(e.stdout, out)
	}
	if newest {
		fmt.Fprintln(e.stdout, "(edition: each page's newest — N5 where a page has it, its N4 alternatives left out; -edition for one edition)")
	} else {
		fmt.Fprintf(e.stdout, "(%s)\n", editionLine(f.Edition, false))
	}
	printSearch(e.stdout, out, isTerminal(e.stdout))
	return nil
}

// searchBleve fills out from the index, facets included.
func searchBleve(ctx context.Context, idx *index.Index, q string, f wikirules.Filter, out *report.Search) error {
	res, err := idx.Search(ctx, index.Query{Text: q, Edition: f.Edition, Kinds: f.Kinds, Pages: f.Pages, Limit: f.Limit, History: f.History, Facets: true})
	if err != nil {
		return err
	}
	out.Engine, out.Total, out.Facets, out.Expanded = "bleve", res.Total, res.Facets, res.Expanded
	for i, h := range res.Hits {
		r := report.SearchResult{Result: report.HitResult(h)}
		r.Snippet, r.Highlights = report.UnmarkSpans(h.Snippet, res.Highlights[i])
		out.Results = append(out.Results, r)
	}
	return nil
}

// searchFTS5 fills out from the knowledge base's FTS5 search; its facets
// count the results returned, which are its total.
func searchFTS5(ctx context.Context, db *kb.DB, q string, f wikirules.Filter, out *report.Search) error {
	hits, err := db.SearchText(ctx, q, f)
	if err != nil {
		return err
	}
	out.Engine, out.Total, out.Facets = "fts5", uint64(len(hits)), report.CountFacets(hits)
	for _, h := range hits {
		out.Results = append(out.Results, report.SearchResultOf(h))
	}
	return nil
}

// isTerminal reports whether w is a terminal that takes bold (a character
// device, TERM not "dumb", NO_COLOR unset).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// highlight returns snippet with its ranges in bold (ANSI) or between « ».
func highlight(snippet string, spans []wikirules.Span, bold bool) string {
	open, close := report.MarkOpen, report.MarkClose
	if bold {
		open, close = "\x1b[1m", "\x1b[0m"
	}
	var b strings.Builder
	pos := 0
	for _, sp := range spans {
		b.WriteString(snippet[pos:sp.Start])
		b.WriteString(open + snippet[sp.Start:sp.End] + close)
		pos = sp.End
	}
	b.WriteString(snippet[pos:])
	return b.String()
}

// printSearch prints the results for people: header, highlighted snippet
// (the text when there is none), citation; then the facet counts.
func printSearch(w io.Writer, out report.Search, bold bool) {
	if len(out.Results) == 0 {
		fmt.Fprintf(w, "no results for %q\n", out.Query)
		return
	}
	for i, r := range out.Results {
		text := r.Text
		if r.Snippet != "" {
			text = highlight(r.Snippet, r.Highlights, bold)
		}
		r.Result.Text, r.Result.Notes = text, nil
		printResult(w, i+1, r.Result)
		if t := r.Twin; t != nil {
			fmt.Fprintf(w, "   also in %s: %s (%s)", languageName(t.Language), t.Title, t.Wiki)
			switch {
			case t.Newer:
				fmt.Fprint(w, " — newer")
			}
			if t.Results > 0 {
				fmt.Fprintf(w, "; %d of its results folded here", t.Results)
			}
			fmt.Fprintln(w)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "%d matches (%s)", out.Total, out.Engine)
	for _, name := range []string{"kind", "edition", "page", "category"} {
		f, ok := out.Facets[name]
		if !ok || len(f.Counts) == 0 {
			continue
		}
		var parts []string
		for i, c := range f.Counts {
			if i == 6 {
				parts = append(parts, fmt.Sprintf("+%d more", len(f.Counts)-6))
				break
			}
			parts = append(parts, fmt.Sprintf("%s %d", c.Value, c.Count))
		}
		fmt.Fprintf(w, "\n  %s: %s", name, strings.Join(parts, ", "))
	}
	fmt.Fprintln(w)
}
