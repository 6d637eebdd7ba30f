package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/index"
	"github.com/wikirules/wikirules/kb"
)

func init() {
	register(command{"search", "[-edition E] [-kind K] TEXT", "ranked search over rules and FAQs", runSearch})
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

// searchResult is one search result in JSON: the result fields, the
// snippet without markers and the byte ranges of the matched words in it.
type searchResult struct {
	result
	Highlights []wikirules.Span `json:"highlights"`
}

// searchOutput is the JSON document of query search. Facets count every
// match (bleve) or the results returned (fts5); for kind, edition and page
// they add up to Total.
type searchOutput struct {
	Query    string                 `json:"query"`
	Edition  string                 `json:"edition"`
	AsOf     string                 `json:"as_of"`
	Engine   string                 `json:"engine"`
	Total    uint64                 `json:"total"`
	Results  []searchResult         `json:"results"`
	Facets   map[string]index.Facet `json:"facets"`
	Expanded []string               `json:"expanded,omitempty"`
}

func runSearch(ctx context.Context, e *env, args []string) error {
	c := newFlags(e, "search", "TEXT", searchHelp, true)
	kinds := c.fs.String("kind", "", "only these kinds, comma-separated (rule, effect, faq, errata, example, …)")
	limit := c.fs.Int("n", 10, "number of results")
	history := c.fs.Bool("history", false, "include superseded text")
	fts := c.fs.Bool("fts5", false, "search with the knowledge base's FTS5 table instead of the index")
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
	out := searchOutput{Query: q, Edition: c.edition, AsOf: c.asOf, Results: []searchResult{}}
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
	if c.json {
		return writeJSON(e.stdout, out)
	}
	printSearch(e.stdout, out, isTerminal(e.stdout))
	return nil
}

// searchBleve fills out from the index, facets included.
func searchBleve(ctx context.Context, idx *index.Index, q string, f wikirules.Filter, out *searchOutput) error {
	res, err := idx.Search(ctx, index.Query{Text: q, Edition: f.Edition, Kinds: f.Kinds, Limit: f.Limit, History: f.History, Facets: true})
	if err != nil {
		return err
	}
	out.Engine, out.Total, out.Facets, out.Expanded = "bleve", res.Total, res.Facets, res.Expanded
	for i, h := range res.Hits {
		r := searchResult{result: hitResult(h)}
		r.Snippet, r.Highlights = unmark(h.Snippet, res.Highlights[i])
		out.Results = append(out.Results, r)
	}
	return nil
}

// searchFTS5 fills out from the knowledge base's FTS5 search; its facets
// count the results returned, which are its total.
func searchFTS5(ctx context.Context, db *kb.DB, q string, f wikirules.Filter, out *searchOutput) error {
	hits, err := db.SearchText(ctx, q, f)
	if err != nil {
		return err
	}
	out.Engine, out.Total = "fts5", uint64(len(hits))
	counts := map[string]map[string]int{"kind": {}, "edition": {}, "page": {}}
	for _, h := range hits {
		r := searchResult{result: hitResult(h)}
		r.Snippet, r.Highlights = unmark(h.Snippet, markedSpans(h.Snippet))
		out.Results = append(out.Results, r)
		eds := r.Editions.String()
		if r.Editions == 0 {
			eds = "all"
		}
		counts["kind"][string(h.Citation.Kind)]++
		counts["edition"][eds]++
		counts["page"][h.Citation.Page]++
	}
	out.Facets = map[string]index.Facet{}
	for name, m := range counts {
		var fc index.Facet
		for v, n := range m {
			fc.Counts = append(fc.Counts, index.FacetCount{Value: v, Count: n})
		}
		sort.Slice(fc.Counts, func(i, j int) bool {
			a, b := fc.Counts[i], fc.Counts[j]
			return a.Count > b.Count || a.Count == b.Count && a.Value < b.Value
		})
		out.Facets[name] = fc
	}
	return nil
}

// Snippet markers, as index and kb put them around matched words.
const (
	markOpen  = "«"
	markClose = "»"
)

// markedSpans returns the byte ranges of marked snippet s between « and »
// (markers excluded), as kb.SearchText marks them.
func markedSpans(s string) []wikirules.Span {
	var out []wikirules.Span
	for at := 0; ; {
		i := strings.Index(s[at:], markOpen)
		if i < 0 {
			return out
		}
		start := at + i + len(markOpen)
		j := strings.Index(s[start:], markClose)
		if j < 0 {
			return out
		}
		out = append(out, wikirules.Span{Start: start, End: start + j})
		at = start + j + len(markClose)
	}
}

// unmark removes the markers around spans (ranges of marked inside the
// markers, in order) and returns the plain snippet with the ranges moved
// onto it. Spans not enclosed by markers are dropped.
func unmark(marked string, spans []wikirules.Span) (string, []wikirules.Span) {
	var b strings.Builder
	out := []wikirules.Span{}
	pos := 0
	for _, sp := range spans {
		o, c := sp.Start-len(markOpen), sp.End+len(markClose)
		if o < pos || c > len(marked) || marked[o:sp.Start] != markOpen || marked[sp.End:c] != markClose {
			continue
		}
		b.WriteString(marked[pos:o])
		start := b.Len()
		b.WriteString(marked[sp.Start:sp.End])
		out = append(out, wikirules.Span{Start: start, End: b.Len()})
		pos = c
	}
	b.WriteString(marked[pos:])
	return b.String(), out
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
	open, close := markOpen, markClose
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
func printSearch(w io.Writer, out searchOutput, bold bool) {
	if len(out.Results) == 0 {
		fmt.Fprintf(w, "no results for %q\n", out.Query)
		return
	}
	for i, r := range out.Results {
		text := r.Text
		if r.Snippet != "" {
			text = highlight(r.Snippet, r.Highlights, bold)
		}
		r.result.Text, r.result.Notes = text, nil
		printResult(w, i+1, r.result)
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
