package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/engine"
	"github.com/wikirules/wikirules/report"
)

// The JSON documents of the API are those `query … -json` prints: both
// build them with package report, so that a client of the API and a script
// over the CLI read the same documents.

// Facet is report.Facet: search results counted by one field's value.
type Facet = report.Facet

// FacetCount is report.FacetCount: one facet value and its count.
type FacetCount = report.FacetCount

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
func searchAll(ctx context.Context, s wikirules.Searcher, text string, f wikirules.Filter) (*Results, error) {
	if fs, ok := s.(FullSearcher); ok && f.AsOf.IsZero() {
		if res, err := fs.SearchAll(ctx, text, f); !errors.Is(err, ErrNoFullSearch) {
			return res, err
		}
	}
	hits, err := s.SearchText(ctx, text, f)
	if err != nil {
		return nil, err
	}
	return &Results{Hits: hits, Total: uint64(len(hits)), Facets: report.CountFacets(hits)}, nil
}

// ErrNoFullSearch is returned by a FullSearcher that wraps a searcher
// without SearchAll (searchAll then uses SearchText).
var ErrNoFullSearch = errors.New("no faceted search")

// EngineNamer is implemented by a Searcher that tells which search engine
// answers ("bleve", "fts5"); a Searcher without it is taken for the
// knowledge base's FTS5 search.
type EngineNamer interface {
	SearchEngine() string
}

func engineName(s wikirules.Searcher) string {
	if n, ok := s.(EngineNamer); ok {
		return n.SearchEngine()
	}
	return "fts5"
}

func (q *rq) apiSearch() error {
	p, err := readParams(q.r)
	if err != nil {
		return err
	}
	if strings.TrimSpace(p.q) == "" {
		return badRequest("q: the search text is empty (as for query search)")
	}
	// As query search -json: without an edition each page's newest,
	// the page of ?wiki=, each pair of twin pages once.
	newest := p.edition == 0 && p.edName != "all" && q.newest != 0
	f := p.filter()
	f.Limit = 3 * p.limit
	res, err := searchAll(q.r.Context(), q.search, p.q, f)
	if err != nil {
		return err
	}
	out := report.Search{Query: p.q, Edition: p.edName, EditionDefault: newest, AsOf: p.asOfRaw, Engine: engineName(q.search),
		Total: res.Total, Results: []report.SearchResult{}, Facets: res.Facets, Expanded: res.Expanded}
	if out.Results, err = q.arrange(q.r.Context(), p.q, res.Hits, report.SearchResultOf, p.filter(), newest, p.limit); err != nil {
		return err
	}
	if out.Results == nil {
		out.Results = []report.SearchResult{}
	}
	return writeJSON(q.w, http.StatusOK, out)
}

func (q *rq) apiPage() error {
	p, title, err := pageParams(q.r)
	if err != nil {
		return err
	}
	f := p.filter()
	f.Kinds, f.Limit = nil, 0
	v, err := q.store.Page(q.r.Context(), title, f)
	if err != nil {
		return err
	}
	return writeJSON(q.w, http.StatusOK, report.PageOf(v, p.edName, p.asOfRaw))
}

func (q *rq) apiFAQ() error {
	p, err := readParams(q.r)
	if err != nil {
		return err
	}
	faqs, err := q.store.FAQs(q.r.Context(), p.q, wikirules.Filter{Edition: p.edition, AsOf: p.asOf})
	if err != nil {
		return err
	}
	// Labelled in the request's label language (?lang=, cookie,
	// Accept-Language), as query faq labels them in -lang or the locale's.
	return writeJSON(q.w, http.StatusOK, report.FAQListOf(p.q, faqs, q.l.code))
}

func (q *rq) apiHistory() error {
	title, err := pageTitle(q.r)
	if err != nil {
		return err
	}
	page, steps, _, err := q.history(q.r.Context(), title)
	if err != nil {
		return err
	}
	return writeJSON(q.w, http.StatusOK, report.HistoryOf(page, steps))
}

func (q *rq) apiDiff() error {
	title, err := pageTitle(q.r)
	if err != nil {
		return err
	}
	d, err := q.diff(q.r.Context(), title, q.r.URL.Query().Get("from"), q.r.URL.Query().Get("to"))
	if err != nil {
		return err
	}
	return writeJSON(q.w, http.StatusOK, report.DiffOf(d.Page, d.From, d.To, d.Diff))
}

// askRequest is the body of POST /api/ask.
type askRequest struct {
	Question string `json:"question"`
	Edition  string `json:"edition,omitempty"`
	AsOf     string `json:"as_of,omitempty"`
}

func (q *rq) apiAsk() error {
	var req askRequest
	if err := decodeJSON(q.r, &req); err != nil {
		return err
	}
	question, err := cleanText("question", req.Question, MaxQueryBytes)
	if err != nil {
		return err
	}
	if question == "" {
		return badRequest(`no question: send {"question": "…"}`)
	}
	opt, err := engineOptions(req.Edition, req.AsOf)
	if err != nil {
		return err
	}
	a, err := q.judge.Ask(q.r.Context(), question, opt)
	if err != nil {
		return err
	}
	return writeJSON(q.w, http.StatusOK, report.AnswerOf(a))
}

func (q *rq) apiResolve() error {
	var sit engine.Situation
	if err := decodeJSON(q.r, &sit); err != nil {
		return err
	}
	if err := sit.Validate(); err != nil {
		return badRequest("situation: %v", err)
	}
	v := q.r.URL.Query()
	opt, err := engineOptions(v.Get("edition"), v.Get("as_of"))
	if err != nil {
		return err
	}
	opt.Lang = q.l.code // ?lang=, cookie, Accept-Language, the wiki's: as query resolve follows -lang
	r, err := q.judge.Resolve(q.r.Context(), sit, opt)
	if err != nil {
		return err
	}
	return writeJSON(q.w, http.StatusOK, report.ResolutionOf(r))
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
		t, err := wikirules.ParseDate(a)
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
		return badRequest("bad JSON: %v", report.LocateJSONError(data, err))
	}
	if dec.More() {
		return badRequest("bad JSON: data after the first JSON value (byte %d)", dec.InputOffset())
	}
	return nil
}
