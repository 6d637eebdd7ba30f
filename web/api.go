package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/diff"
	"github.com/wikirules/wikirules/engine"
)

// The JSON shapes below are those `query … -json` prints (cmd/query
// output.go, show.go, history.go, diff.go): a client of the API and a
// script over the CLI read the same documents.

// result is one quoted source: a record or an FAQ with its citation.
type result struct {
	Text       string             `json:"text"`
	Kind       wikirules.Kind     `json:"kind"`
	Page       string             `json:"page"`
	Title      string             `json:"title,omitempty"`
	Snippet    string             `json:"snippet,omitempty"`
	Score      float64            `json:"score,omitempty"`
	Editions   wikirules.Editions `json:"editions"`
	Version    string             `json:"version,omitempty"`
	Superseded bool               `json:"superseded,omitempty"`
	Notes      []string           `json:"notes,omitempty"`
	FAQ        *wikirules.FAQ     `json:"faq,omitempty"`
	Citation   wikirules.Citation `json:"citation"`
}

func recordResult(r *wikirules.Record) result {
	return result{Text: r.Text, Kind: r.Kind, Page: r.Page, Title: r.Title, Editions: r.Editions,
		Version: r.Version, Superseded: r.Superseded, Notes: r.Notes, Citation: wikirules.CitationOf(*r)}
}

func faqResult(f *wikirules.FAQ, page string) result {
	c := wikirules.CitationOfFAQ(*f, page)
	return result{Text: "Q: " + f.Question + "\nA: " + f.Answer, Kind: wikirules.Kind(f.Type), Page: c.Page,
		Title: f.Title, Editions: f.Editions, Version: f.Version, FAQ: f, Citation: c}
}

func hitResult(h wikirules.Hit) result {
	var r result
	switch {
	case h.Record != nil:
		r = recordResult(h.Record)
	case h.FAQ != nil:
		r = faqResult(h.FAQ, h.Citation.Page)
	}
	r.Citation, r.Snippet, r.Score = h.Citation, h.Snippet, h.Score
	return r
}

// recordJSON is a record in page output: the whole record and its citation.
type recordJSON struct {
	wikirules.Record
	Citation wikirules.Citation `json:"citation"`
}

// revRef is a revision as history and diff print it.
type revRef struct {
	ID                string    `json:"id"`
	Timestamp         time.Time `json:"timestamp"`
	TimestampInferred bool      `json:"timestamp_inferred,omitempty"`
	User              string    `json:"user,omitempty"`
	Comment           string    `json:"comment,omitempty"`
	Minor             bool      `json:"minor,omitempty"`
	Size              int       `json:"size,omitempty"`
}

func refOf(r wikirules.Revision, size int) revRef {
	return revRef{ID: r.ID, Timestamp: r.Timestamp, TimestampInferred: r.TimestampInferred, User: r.User,
		Comment: r.Comment, Minor: r.Minor, Size: size}
}

// historyJSON is one revision in history output.
type historyJSON struct {
	Revision revRef             `json:"revision"`
	Summary  string             `json:"summary"`
	Class    diff.Class         `json:"class,omitempty"`
	Counts   map[diff.Class]int `json:"counts,omitempty"`
	Changes  []changeJSON       `json:"changes,omitempty"`
}

// changeJSON is one change: op, class, place, summary, the old and new
// text, the field changes with their one-line word diff, and citations.
type changeJSON struct {
	Op          diff.Op             `json:"op"`
	Class       diff.Class          `json:"class"`
	Kind        wikirules.Kind      `json:"kind"`
	Where       string              `json:"where"`
	Summary     string              `json:"summary"`
	Reasons     []string            `json:"reasons,omitempty"`
	Match       diff.Match          `json:"match,omitempty"`
	Similarity  float64             `json:"similarity,omitempty"`
	Moved       bool                `json:"moved,omitempty"`
	Fields      []fieldJSON         `json:"fields,omitempty"`
	OldText     string              `json:"old_text,omitempty"`
	NewText     string              `json:"new_text,omitempty"`
	Citation    wikirules.Citation  `json:"citation"`
	OldCitation *wikirules.Citation `json:"old_citation,omitempty"`
}

// fieldJSON is one changed field with its word diff in git's
// "[-deleted-]{+inserted+}" notation.
type fieldJSON struct {
	diff.FieldChange
	Inline string `json:"inline,omitempty"`
}

func changesJSON(cs []diff.Change) []changeJSON {
	out := make([]changeJSON, 0, len(cs))
	for _, c := range cs {
		j := changeJSON{Op: c.Op, Class: c.Class, Kind: c.Kind, Where: c.Where, Summary: c.Summary(), Reasons: c.Reasons,
			Match: c.Match, Similarity: c.Similarity, Moved: c.Moved, Citation: c.Citation}
		for _, f := range c.Fields {
			fj := fieldJSON{FieldChange: f}
			if len(f.Edits) > 0 {
				fj.Inline = diff.Inline(f.Edits)
			}
			j.Fields = append(j.Fields, fj)
		}
		if c.Old != nil {
			j.OldText = c.Old.Text
			if c.New != nil {
				oc := wikirules.CitationOf(*c.Old)
				j.OldCitation = &oc
			}
		}
		if c.New != nil {
			j.NewText = c.New.Text
		}
		out = append(out, j)
	}
	return out
}

// diffJSON is the diff output.
type diffJSON struct {
	Page      string             `json:"page"`
	From      *revRef            `json:"from"`
	To        revRef             `json:"to"`
	Class     diff.Class         `json:"class,omitempty"`
	Counts    map[diff.Class]int `json:"counts"`
	Unchanged int                `json:"unchanged"`
	Summary   string             `json:"summary"`
	Changes   []changeJSON       `json:"changes"`
}

// searchResult is one search result: the result, its snippet without
// markers and the byte ranges of the matched words in it.
type searchResult struct {
	result
	Highlights []wikirules.Span `json:"highlights"`
}

// Facet counts results by one field's value, largest first (the JSON of
// index.Facet).
type Facet struct {
	Counts  []FacetCount `json:"counts"`
	Other   int          `json:"other,omitempty"`
	Missing int          `json:"missing,omitempty"`
}

// FacetCount is one facet value and its number of results.
type FacetCount struct {
	Value string `json:"value"`
	Count int    `json:"count"`
}

// searchOutput is the search document. Engine names the search that
// answered ("fts5" for the knowledge base's SearchText); Total and Facets
// (kind, edition, page) count the results returned.
type searchOutput struct {
	Query    string           `json:"query"`
	Edition  string           `json:"edition"`
	AsOf     string           `json:"as_of"`
	Engine   string           `json:"engine"`
	Total    uint64           `json:"total"`
	Results  []searchResult   `json:"results"`
	Facets   map[string]Facet `json:"facets"`
	Expanded []string         `json:"expanded,omitempty"`
}

// Results is a search's hits with what a faceted search engine counts over
// every match: Total matches, Facets (kind, edition, page) and the
// glossary expansions of the query (Expanded).
type Results struct {
	Hits     []wikirules.Hit
	Total    uint64
	Facets   map[string]Facet
	Expanded []string
}

// FullSearcher is implemented by a Searcher that counts facets over all
// its matches (the bleve index), so that /api/search shows the same totals
// and facets as `query search`. Searches as of a date go to SearchText.
type FullSearcher interface {
	SearchAll(ctx context.Context, text string, f wikirules.Filter) (*Results, error)
}

// searchAll searches with s's SearchAll when it has one (and no as-of
// date is asked), else with SearchText, counting the facets over the hits
// returned.
func searchAll(ctx context.Context, s Searcher, text string, f wikirules.Filter) (*Results, error) {
	if fs, ok := s.(FullSearcher); ok && f.AsOf.IsZero() {
		if res, err := fs.SearchAll(ctx, text, f); !errors.Is(err, ErrNoFullSearch) {
			return res, err
		}
	}
	hits, err := s.SearchText(ctx, text, f)
	if err != nil {
		return nil, err
	}
	return &Results{Hits: hits, Total: uint64(len(hits)), Facets: countFacets(hits)}, nil
}

// ErrNoFullSearch is returned by a FullSearcher that wraps a searcher
// without SearchAll (searchAll then uses SearchText).
var ErrNoFullSearch = errors.New("no faceted search")

// countFacets counts kind, edition ("all" for unscoped) and page over hits.
func countFacets(hits []wikirules.Hit) map[string]Facet {
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

// EngineNamer is implemented by a Searcher that tells which search engine
// answers ("bleve", "fts5"); a Searcher without it is taken for the
// knowledge base's FTS5 search.
type EngineNamer interface {
	SearchEngine() string
}

func engineName(s Searcher) string {
	if n, ok := s.(EngineNamer); ok {
		return n.SearchEngine()
	}
	return "fts5"
}

func (s *Server) apiSearch(w http.ResponseWriter, r *http.Request) error {
	p, err := readParams(r)
	if err != nil {
		return err
	}
	res, err := searchAll(r.Context(), s.deps.Search, p.q, p.filter())
	if err != nil {
		return err
	}
	out := searchOutput{Query: p.q, Edition: p.edName, AsOf: p.asOfRaw, Engine: engineName(s.deps.Search),
		Total: res.Total, Results: []searchResult{}, Facets: res.Facets, Expanded: res.Expanded}
	for _, h := range res.Hits {
		res := searchResult{result: hitResult(h)}
		res.Snippet, res.Highlights = unmark(h.Snippet)
		out.Results = append(out.Results, res)
	}
	return writeJSON(w, http.StatusOK, out)
}

// unmark removes the « » markers of a snippet and returns the plain
// snippet with the byte ranges of the marked words in it. A « without its
// » is dropped as text.
func unmark(marked string) (string, []wikirules.Span) {
	var b strings.Builder
	spans := []wikirules.Span{}
	for at := 0; ; {
		i := strings.Index(marked[at:], "«")
		if i < 0 {
			b.WriteString(marked[at:])
			break
		}
		start := at + i + len("«")
		j := strings.Index(marked[start:], "»")
		if j < 0 {
			b.WriteString(marked[at:])
			break
		}
		b.WriteString(marked[at : at+i])
		s := b.Len()
		b.WriteString(marked[start : start+j])
		spans = append(spans, wikirules.Span{Start: s, End: b.Len()})
		at = start + j + len("»")
	}
	return b.String(), spans
}

func (s *Server) apiPage(w http.ResponseWriter, r *http.Request) error {
	p, err := readParams(r)
	if err != nil {
		return err
	}
	title, err := pageTitle(r)
	if err != nil {
		return err
	}
	f := p.filter()
	f.Kinds, f.Limit = nil, 0
	v, err := s.deps.Store.Page(r.Context(), title, f)
	if err != nil {
		return err
	}
	recs := make([]recordJSON, len(v.Records))
	for i, rec := range v.Records {
		recs[i] = recordJSON{Record: rec, Citation: wikirules.CitationOf(rec)}
	}
	faqs := make([]result, 0, len(v.FAQs))
	for i := range v.FAQs {
		faqs = append(faqs, faqResult(&v.FAQs[i], v.Page.Title))
	}
	return writeJSON(w, http.StatusOK, map[string]any{
		"page": v.Page, "revision": v.Revision, "page_editions": v.PageEditions,
		"categories": v.Categories, "edition": p.edName, "as_of": p.asOfRaw,
		"records": recs, "faqs": faqs,
	})
}

func (s *Server) apiFAQ(w http.ResponseWriter, r *http.Request) error {
	p, err := readParams(r)
	if err != nil {
		return err
	}
	faqs, err := s.deps.Store.FAQs(r.Context(), p.q, wikirules.Filter{Edition: p.edition, AsOf: p.asOf})
	if err != nil {
		return err
	}
	results := make([]result, 0, len(faqs))
	for i := range faqs {
		results = append(results, faqResult(&faqs[i], ""))
	}
	return writeJSON(w, http.StatusOK, map[string]any{"query": p.q, "total": len(results), "results": results})
}

func (s *Server) apiHistory(w http.ResponseWriter, r *http.Request) error {
	title, err := pageTitle(r)
	if err != nil {
		return err
	}
	page, steps, err := s.history(r.Context(), title)
	if err != nil {
		return err
	}
	out := make([]historyJSON, 0, len(steps))
	for _, st := range steps {
		h := historyJSON{Revision: refOf(st.Revision, st.Size), Summary: st.Summary}
		if st.Diff != nil {
			h.Class, h.Counts, h.Changes = st.Diff.Class, st.Diff.Counts, changesJSON(st.Diff.Changes)
		}
		out = append(out, h)
	}
	return writeJSON(w, http.StatusOK, map[string]any{"page": page, "revisions": out})
}

func (s *Server) apiDiff(w http.ResponseWriter, r *http.Request) error {
	title, err := pageTitle(r)
	if err != nil {
		return err
	}
	d, err := s.diff(r.Context(), title, r.URL.Query().Get("from"), r.URL.Query().Get("to"))
	if err != nil {
		return err
	}
	j := diffJSON{Page: d.Page, To: refOf(d.To, 0), Class: d.Diff.Class, Counts: d.Diff.Counts,
		Unchanged: d.Diff.Unchanged, Summary: d.Diff.Headline(), Changes: changesJSON(d.Diff.Changes)}
	if d.From != nil {
		ref := refOf(*d.From, 0)
		j.From = &ref
	}
	return writeJSON(w, http.StatusOK, j)
}

// askRequest is the body of POST /api/ask.
type askRequest struct {
	Question string `json:"question"`
	Edition  string `json:"edition,omitempty"`
	AsOf     string `json:"as_of,omitempty"`
}

func (s *Server) apiAsk(w http.ResponseWriter, r *http.Request) error {
	var req askRequest
	if err := decodeJSON(r, &req); err != nil {
		return err
	}
	q, err := cleanText("question", req.Question, MaxQueryBytes)
	if err != nil {
		return err
	}
	if q == "" {
		return badRequest(`no question: send {"question": "…"}`)
	}
	opt, err := engineOptions(req.Edition, req.AsOf)
	if err != nil {
		return err
	}
	a, err := s.deps.Judge.Ask(r.Context(), q, opt)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, a)
}

func (s *Server) apiResolve(w http.ResponseWriter, r *http.Request) error {
	var sit engine.Situation
	if err := decodeJSON(r, &sit); err != nil {
		return err
	}
	v := r.URL.Query()
	opt, err := engineOptions(v.Get("edition"), v.Get("as_of"))
	if err != nil {
		return err
	}
	res, err := s.deps.Judge.Resolve(r.Context(), sit, opt)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, res)
}

// engineOptions reads an edition and an as-of date as the command line's
// -edition and -as-of; a bad value is a 400.
func engineOptions(edition, asOf string) (engine.Options, error) {
	var opt engine.Options
	if e := strings.TrimSpace(edition); e != "" && e != "all" {
		ed, err := wikirules.ParseEdition(truncate(e, 40))
		if err != nil {
			return opt, badRequest("edition: %v", err)
		}
		opt.Edition = ed
	}
	if a := strings.TrimSpace(asOf); a != "" {
		t, err := parseDate(a)
		if err != nil {
			return opt, badRequest("as_of: %v", err)
		}
		opt.AsOf = t
	}
	return opt, nil
}

// decodeJSON reads one JSON document from r's body into v: unknown fields,
// trailing data, a wrong type or broken syntax are a 400 that says where
// (line, column, byte); a body over MaxBodyBytes is a 413.
func decodeJSON(r *http.Request, v any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" && !strings.HasPrefix(ct, "application/json") {
		return &httpError{http.StatusUnsupportedMediaType, fmt.Sprintf("Content-Type %q: send application/json", truncate(ct, 60))}
	}
	data, err := io.ReadAll(r.Body)
	if err != nil {
		var mb *http.MaxBytesError
		if errors.As(err, &mb) {
			return err
		}
		return badRequest("reading the request body: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		if errors.Is(err, io.EOF) {
			return badRequest("empty request body: send a JSON object")
		}
		return badRequest("bad JSON: %v", jsonError(data, err))
	}
	if dec.More() {
		return badRequest("bad JSON: data after the first JSON value (byte %d)", dec.InputOffset())
	}
	return nil
}

// jsonError adds the line and column of a JSON syntax or type error.
func jsonError(data []byte, err error) error {
	var off int64 = -1
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		off = se.Offset
	case errors.As(err, &te):
		off = te.Offset
	}
	if off < 0 {
		return err
	}
	line, col := 1, 1
	for _, b := range data[:min(int(off), len(data))] {
		if b == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return fmt.Errorf("line %d, column %d (byte %d): %w", line, col, off, err)
}
