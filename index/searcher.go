package index

import (
	"context"
	"errors"

	"github.com/wikirules/wikirules"
)

var _ wikirules.Searcher = (*Index)(nil)

// ErrAsOf is returned by SearchText for a filter with AsOf set: the index
// holds the current records (and superseded ones for History), not the wiki
// as it stood at a date; the knowledge base's FTS5 search answers those.
var ErrAsOf = errors.New("index: as-of searches are not indexed (use the knowledge base's search)")

// SearchText is Search in the shape of wikirules.Searcher: free text with
// f.Edition, f.Unscoped, f.Kinds, f.Pages, f.History and f.Limit, hits
// best first with snippets marking matched words with « » (none with
// f.NoSnippets), no facets. f.AsOf set gives ErrAsOf.
func (x *Index) SearchText(ctx context.Context, text string, f wikirules.Filter) ([]wikirules.Hit, error) {
	if !f.AsOf.IsZero() {
		return nil, ErrAsOf
	}
	res, err := x.Search(ctx, Query{Text: text, Edition: f.Edition, Unscoped: f.Unscoped, Kinds: f.Kinds, Pages: f.Pages,
		Limit: f.Limit, History: f.History, NoSnippets: f.NoSnippets})
	if err != nil {
		return nil, err
	}
	return res.Hits, nil
}
