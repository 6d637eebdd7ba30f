package report

import (
	"sort"
	"strings"

	"github.com/wikirules/wikirules"
)

// Snippet markers: index and kb put matched words between them.
const (
	MarkOpen  = "«"
	MarkClose = "»"
)

// SearchResult is one search result: the result, its snippet without
// markers and the byte ranges of the matched words in that plain snippet
// (an empty list, never null, when none is marked).
//
// Wiki and Language are those of the result's page (a title can name a
// page of each wiki), when KeepResults has read them from its revision;
// Twin names the page's twin on the other language's wiki (GroupTwins).
type SearchResult struct {
	Result
	Highlights []wikirules.Span `json:"highlights"`
	Wiki       string           `json:"wiki,omitempty"`
	Language   string           `json:"language,omitempty"`
	Twin       *TwinNote        `json:"twin,omitempty"`
}

// SearchResultOf is the search result of hit h, its highlights read from
// the « » markers of its snippet (Unmark).
func SearchResultOf(h wikirules.Hit) SearchResult {
	r := SearchResult{Result: HitResult(h)}
	r.Snippet, r.Highlights = Unmark(h.Snippet)
	return r
}

// Search is the search document (query search -json, GET /api/search).
// Edition and AsOf are the values asked, as typed; Engine names the search
// that answered ("bleve" for the index, "fts5" for the knowledge base's
// SearchText); Total counts every match (bleve) or the results returned
// (fts5), and so do Facets ("kind", "edition" with "all" for unscoped
// text, "page"); Expanded lists the glossary expansions of the query.
type Search struct {
	Query   string `json:"query"`
	Edition string `json:"edition"`
	// EditionDefault is true when no edition was asked: each page's
	// results are those of the newest edition it holds.
	EditionDefault bool             `json:"edition_default,omitempty"`
	AsOf           string           `json:"as_of"`
	Engine         string           `json:"engine"`
	Total          uint64           `json:"total"`
	Results        []SearchResult   `json:"results"`
	Facets         map[string]Facet `json:"facets"`
	Expanded       []string         `json:"expanded,omitempty"`
}

// Facet is wikirules.Facet: search results counted by one field's value.
type Facet = wikirules.Facet

// FacetCount is wikirules.FacetCount: one facet value and its count.
type FacetCount = wikirules.FacetCount

// CountFacets counts hits by kind, edition (the citation's editions, "all"
// for unscoped text) and page, largest count first, ties by value: the
// facets of a search that counts only the hits it returns (FTS5).
func CountFacets(hits []wikirules.Hit) map[string]Facet {
	counts := map[string]map[string]int{"kind": {}, "edition": {}, "page": {}}
	for _, h := range hits {
		eds := h.Citation.Editions.String()
		if h.Citation.Editions == 0 {
			eds = "all"
		}
		counts["kind"][string(h.Citation.Kind)]++
		counts["edition"][eds]++
		counts["page"][h.Citation.Page]++
	}
	out := map[string]Facet{}
	for name, m := range counts {
		var f Facet
		for v, n := range m {
			f.Counts = append(f.Counts, FacetCount{Value: v, Count: n})
		}
		sort.Slice(f.Counts, func(i, j int) bool {
			a, b := f.Counts[i], f.Counts[j]
			return a.Count > b.Count || a.Count == b.Count && a.Value < b.Value
		})
		out[name] = f
	}
	return out
}

// Unmark removes the « » markers of a snippet and returns the plain
// snippet with the byte ranges of the marked words in it (an empty list
// when none). A « without its » is kept as text, and so is what follows.
func Unmark(marked string) (string, []wikirules.Span) {
	var b strings.Builder
	spans := []wikirules.Span{}
	for at := 0; ; {
		i := strings.Index(marked[at:], MarkOpen)
		if i < 0 {
			b.WriteString(marked[at:])
			break
		}
		start := at + i + len(MarkOpen)
		j := strings.Index(marked[start:], MarkClose)
		if j < 0 {
			b.WriteString(marked[at:])
			break
		}
		b.WriteString(marked[at : at+i])
		s := b.Len()
		b.WriteString(marked[start : start+j])
		spans = append(spans, wikirules.Span{Start: s, End: b.Len()})
		at = start + j + len(MarkClose)
	}
	return b.String(), spans
}

// UnmarkSpans removes the markers around spans (byte ranges of marked
// inside its markers, in order, as index.Result.Highlights gives them) and
// returns the plain snippet with the ranges moved onto it. Spans not
// enclosed by markers are dropped; their markers, if any, stay as text.
func UnmarkSpans(marked string, spans []wikirules.Span) (string, []wikirules.Span) {
	var b strings.Builder
	out := []wikirules.Span{}
	pos := 0
	for _, sp := range spans {
		o, c := sp.Start-len(MarkOpen), sp.End+len(MarkClose)
		if o < pos || c > len(marked) || marked[o:sp.Start] != MarkOpen || marked[sp.End:c] != MarkClose {
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
