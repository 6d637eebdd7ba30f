package wikirules

import (
	"context"
	"errors"
	"time"
)

// ErrNotFound is returned (wrapped) by a Store when a page, revision or
// record does not exist.
var ErrNotFound = errors.New("not found")

// Filter narrows what a Store returns. Zero values mean "no filter".
//
// Edition keeps only records that hold in that edition (Editions.Holds);
// with Unscoped, also those scoped to no edition (edition unknown).
// AsOf answers from the revisions current at that time (the newest revision
// of each page with Timestamp <= AsOf) and FAQs first seen by then.
// History includes superseded records. Kinds keeps only those kinds.
// Pages keeps only those page titles. Limit caps the number of results
// (0 = store default). NoSnippets asks a Searcher for hits without
// snippets (Hit.Snippet empty, same hits and scores): a caller that reads
// the records, not their snippets, spares the search finding the matched
// words in each hit; a Searcher may give snippets anyway.
//
// Wiki keeps only the pages of that wiki ("infinity-en"). A page is known
// by its wiki and title, so a title can name pages of several wikis (the
// Spanish and the English "Berserk"): Lang ("es", "en") chooses among
// them when Wiki is not set, and a page view names the others (AlsoIn).
type Filter struct {
	Wiki     string
	Lang     string
	Edition  Edition
	Unscoped bool
	AsOf     time.Time
	History  bool
	Kinds    []Kind
	Pages    []string
	Limit    int
	// NoSnippets: see above.
	NoSnippets bool
}

// Hit is one search result: a record or an FAQ (exactly one is set), its
// score (higher is better) and a snippet with the matched words marked.
type Hit struct {
	Record   *Record  `json:"record,omitempty"`
	FAQ      *FAQ     `json:"faq,omitempty"`
	Score    float64  `json:"score"`
	Snippet  string   `json:"snippet,omitempty"`
	Citation Citation `json:"citation"`
}

// PageView is a page as structured records at one revision: the revision,
// its records in source order, the FAQs shown on it or relating to it, and
// its categories.
type PageView struct {
	Page       Page     `json:"page"`
	Revision   Revision `json:"revision"`
	Records    []Record `json:"records"`
	FAQs       []FAQ    `json:"faqs"`
	Categories []string `json:"categories,omitempty"`
	// PageEditions is the edition scope of the whole page ({{n4only}} → n4).
	PageEditions Editions `json:"page_editions"`
	// AlsoIn are the pages of the same title in other wikis (the English
	// page of a Spanish one), one per wiki: the page view was chosen among
	// them by Filter.Wiki or Filter.Lang.
	AlsoIn []Page `json:"also_in,omitempty"`
}

// Facet counts the hits of a search by one field's value: Counts (largest
// first, at most the facet's size), Other (hits under values beyond those
// listed) and Missing (hits without a value).
type Facet struct {
	Counts  []FacetCount `json:"counts"`
	Other   int          `json:"other,omitempty"`
	Missing int          `json:"missing,omitempty"`
}

// FacetCount is one facet value and its number of hits.
type FacetCount struct {
	Value string `json:"value"`
	Count int    `json:"count"`
}

// Sum returns the sum of Counts plus Other and Missing.
func (f Facet) Sum() int {
	n := f.Other + f.Missing
	for _, c := range f.Counts {
		n += c.Count
	}
	return n
}

// Searcher is the ranked search over current records and FAQs: hits for
// free text, best first, each with a snippet marking the matched words with
// « » and its citation. It honours f.Edition, f.Kinds, f.Pages, f.History
// and f.Limit, and f.AsOf where the implementation keeps the wiki's history.
// Any user string is accepted: it is never parsed as query syntax.
// Implementations: kb.DB (SQLite FTS5, as of any date) and index.Index
// (bleve, ranked with the glossary; an as-of search is an error wrapping
// index.ErrAsOf). The judge engine retrieves with one, the web server
// searches with one.
type Searcher interface {
	SearchText(ctx context.Context, text string, f Filter) ([]Hit, error)
}

// Store is the read side of the knowledge base, as the engine, the index and
// the web server see it; its Searcher is the full-text search (FTS5).
// Implementations: kb.DB.
type Store interface {
	Searcher
	// Page returns the page view of title (matched case- and
	// accent-insensitively when there is no exact match; of f.Wiki, or
	// chosen by f.Lang among the wikis holding it) at its current
	// revision, or as of f.AsOf. Errors wrap ErrNotFound.
	Page(ctx context.Context, title string, f Filter) (*PageView, error)
	// Records returns current records of every page (or of f.Pages) in page
	// and source order.
	Records(ctx context.Context, f Filter) ([]Record, error)
	// FAQs returns the distinct FAQ and errata entries, optionally those
	// whose question, answer or related pages match text (FTS5), newest
	// version first.
	FAQs(ctx context.Context, text string, f Filter) ([]FAQ, error)
	// History returns every revision of title (chosen among wikis as Page
	// chooses, by f.Wiki and f.Lang), oldest first.
	History(ctx context.Context, title string, f Filter) ([]Revision, error)
	// RevisionRecords returns the records extracted from one revision, in
	// source order, superseded ones included.
	RevisionRecords(ctx context.Context, revisionID string) ([]Record, error)
	// Revision returns one revision with its text. Errors wrap ErrNotFound.
	Revision(ctx context.Context, revisionID string) (*Revision, error)
	// Pages returns every page title, sorted.
	Pages(ctx context.Context) ([]Page, error)
}
